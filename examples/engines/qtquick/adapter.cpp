// adapter.cpp — Qt Quick's SpringAnimation as an engine for `hooke conform` (protocol version 1, JSON
// Lines on stdin/stdout; Sources/Conformance/Conformance.docc/JSONLinesProtocol.md). Kind `spring`.
//
// Each case is a QML object `QtObject { property real x: FROM; Behavior on x { SpringAnimation {…} } }`
// made by a QQmlEngine in a QGuiApplication on the offscreen platform (no window). A move or retarget is
// a write of x (the Behavior starts or retargets the spring, as in an application); the position is x
// read back. Qt's animations are advanced by an animation driver installed here whose clock is set by
// the adapter: the driver ticks (one frame) at each sample time and nowhere else, so the run is
// deterministic and independent of the machine's speed.
//
// The mapping (README.md): Qt Quick 6.4's spring takes fixed 16 ms steps of
//   v += (spring·(to − x) − damping·v) / mass;  x += v · 0.016
// (qtdeclarative src/quick/util/qquickspringanimation.cpp), the semi-implicit Euler step of
// m x'' + c x' + k (x − to) = 0 with h = 0.016 s when spring = k·h, damping = c·h, mass = m (where c·h
// would pass the 1 Qt clamps damping to, the same ratios with damping 1: mass m/(c·h), spring k/c). It
// has no initial velocity: cases with one are declined (unsupported), saying why.
// epsilon (where Qt snaps to the target and stops) is 1e-6 of the case's largest distance; modulus 0
// and velocity (Qt's speed limit) 0, i.e. unused.
//
// Qt's clock counts whole milliseconds, so each requested time is rounded to the millisecond and the
// case is answered with those times (`times`), the ones the driver was advanced to.
#include <QtCore/QAbstractAnimation>
#include <QtCore/QCoreApplication>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QtGlobal>
#include <QtGui/QGuiApplication>
#include <QtQml/QQmlComponent>
#include <QtQml/QQmlEngine>
#include <QtQml/QQmlProperty>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

// Qt Quick's fixed spring step (16 ms), in seconds: the h of the mapping above.
static constexpr double qtStep = 0.016;

// An animation driver whose clock is the adapter's: elapsed() is the time set last, in milliseconds,
// and tick() presents one frame at that time (QUnifiedTimer turns the difference into the animations'
// deltas).
class SteppedDriver : public QAnimationDriver {
public:
    qint64 now = 0;
    qint64 elapsed() const override { return now; }
    void tick(qint64 time) {
        now = time;
        advance();
    }
};

// `--answers FILE`: every reply line is also written to FILE (for charts of the very samples judged).
static std::FILE *answers = nullptr;

static void reply(const QJsonObject &object) {
    const QByteArray line = QJsonDocument(object).toJson(QJsonDocument::Compact);
    for (std::FILE *file : {stdout, answers}) {
        if (!file) continue;
        std::fwrite(line.constData(), 1, static_cast<size_t>(line.size()), file);
        std::fputc('\n', file);
        std::fflush(file);
    }
}

static QJsonObject unsupported(const QJsonValue &id, const QString &why) {
    return QJsonObject{{"type", "result"}, {"id", id}, {"unsupported", why}};
}

static QString number(double value) { return QString::number(value, 'g', 17); }

struct Engine {
    QQmlEngine qml;
    SteppedDriver driver;
    std::unique_ptr<QObject> keepAlive;

    // A QML animation that never ends keeps Qt's animation timer (and so this driver) running between
    // cases; without it Qt stops the driver when no animation runs and restarts it from the wall clock.
    Engine() {
        driver.install();
        keepAlive.reset(make("import QtQuick\nQtObject { id: root; property real t: 0; "
                             "property NumberAnimation run: NumberAnimation { target: root; property: \"t\"; "
                             "from: 0; to: 1; duration: 1000; loops: Animation.Infinite; running: true } }"));
        settle();
        driver.tick(0);
    }

    QObject *make(const QString &source) {
        QQmlComponent component(&qml);
        component.setData(source.toUtf8(), QUrl());
        QObject *object = component.create();
        if (!object) {
            std::fprintf(stderr, "qtquick adapter: %s\n", qPrintable(component.errorString()));
            std::exit(1);
        }
        return object;
    }

    // Runs the queued calls Qt's animation timers make when an animation starts or stops.
    void settle() { QCoreApplication::processEvents(QEventLoop::AllEvents); }

    QJsonObject spring(const QJsonObject &message) {
        const QJsonValue id = message.value("id");
        const QJsonObject parameters = message.value("spring").toObject();
        const double mass = parameters.value("mass").toDouble();
        const double stiffness = parameters.value("stiffness").toDouble();
        const double damping = parameters.value("damping").toDouble();
        const double from = message.value("from").toDouble(), to = message.value("to").toDouble();
        if (message.value("velocity").toDouble() != 0)
            return unsupported(id, "SpringAnimation starts at rest: it has no initial velocity");
        // Qt's motion depends on spring/mass and damping/mass only, as the physics does on k/m and c/m;
        // Qt's mass is m unless c·h > 1, where Qt would clamp damping to 1: then damping is 1 and mass
        // and spring are scaled to keep both ratios (mass m/(c·h), spring k/c).
        double qtMass = mass, qtSpring = stiffness * qtStep, qtDamping = damping * qtStep;
        if (qtDamping > 1) {
            qtMass = mass / qtDamping;
            qtSpring = stiffness / damping;
            qtDamping = 1;
        }
        const QJsonArray retargetList = message.value("retargets").toArray();
        double distance = std::abs(to - from);
        for (const QJsonValue &retarget : retargetList)
            distance = std::max(distance, std::abs(retarget.toObject().value("to").toDouble() - from));
        const double epsilon = 1e-6 * (distance > 0 ? distance : 1);

        std::unique_ptr<QObject> object(make(
            "import QtQuick\nQtObject { property real x: " + number(from) + "; Behavior on x { SpringAnimation { spring: "
            + number(qtSpring) + "; damping: " + number(qtDamping) + "; mass: " + number(qtMass)
            + "; epsilon: " + number(epsilon) + " } } }"));
        QQmlProperty x(object.get(), "x");

        // The case's time 0 is one second after the last tick, so no animation of the previous case
        // and no start-up delta reaches it.
        const qint64 base = driver.now + 1000;
        driver.tick(base);
        x.write(to);
        settle();

        const QJsonArray requested = message.value("times").toArray();
        const double first = requested.isEmpty() ? 0 : requested.first().toDouble();
        const double last = requested.isEmpty() ? 0 : requested.last().toDouble();
        const qint64 lowest = static_cast<qint64>(std::ceil(first * 1000)), highest = static_cast<qint64>(std::floor(last * 1000));
        qsizetype next = 0;
        QJsonArray times, values;
        for (const QJsonValue &value : requested) {
            const qint64 at = std::clamp(static_cast<qint64>(std::llround(value.toDouble() * 1000)), lowest, highest);
            // A retarget due before this frame is a write between frames: Qt's clock reads its time
            // (as a wall clock would) but no frame is presented there. One at a frame's time comes
            // after that frame.
            while (next < retargetList.size()) {
                const QJsonObject retarget = retargetList.at(next).toObject();
                const qint64 time = std::llround(retarget.value("time").toDouble() * 1000);
                if (time >= at) break;
                driver.now = std::max(driver.now, base + time);
                x.write(retarget.value("to").toDouble());
                settle();
                ++next;
            }
            if (base + at > driver.now) driver.tick(base + at);
            settle();
            times.append(static_cast<double>(at) / 1000);
            values.append(x.read().toDouble());
        }
        return QJsonObject{{"type", "result"}, {"id", id}, {"times", times}, {"values", values}};
    }
};

int main(int argc, char **argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication application(argc, argv);
    const QStringList arguments = application.arguments();
    if (arguments.size() == 3 && arguments[1] == "--answers") {
        answers = std::fopen(qPrintable(arguments[2]), "w");
        if (!answers) {
            std::fprintf(stderr, "qtquick adapter: cannot write %s\n", qPrintable(arguments[2]));
            return 2;
        }
    } else if (arguments.size() != 1) {
        std::fprintf(stderr, "usage: qtquick-adapter [--answers FILE]\n");
        return 2;
    }
    Engine engine;
    std::string line;
    while (std::getline(std::cin, line)) {
        const QJsonObject message = QJsonDocument::fromJson(QByteArray::fromStdString(line)).object();
        const QString type = message.value("type").toString();
        if (type == "hello") {
            reply(QJsonObject{{"type", "hello"}, {"protocol", 1}, {"name", "qtquick-springanimation"},
                              {"version", QString("Qt ") + qVersion()}, {"kinds", QJsonArray{"spring"}}});
        } else if (type == "case") {
            if (message.value("kind").toString() == "spring")
                reply(engine.spring(message));
            else
                reply(unsupported(message.value("id"), "SpringAnimation animates springs only"));
        } else if (type == "bye") {
            return 0;
        } else {
            std::fprintf(stderr, "qtquick adapter: unknown message type '%s'\n", line.c_str());
            return 1;
        }
    }
    return 0;
}

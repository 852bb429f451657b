// adapter.cpp — Qt 6's QEasingCurve as an engine for `hooke conform` (protocol version 1, JSON Lines
// on stdin/stdout; Sources/Conformance/Conformance.docc/JSONLinesProtocol.md).
//
// Kind `curve` only: each case's Bézier [x1, y1, x2, y2] becomes a QEasingCurve of type BezierSpline
// with one segment, addCubicBezierSegment((x1, y1), (x2, y2), (1, 1)), and each progress value is
// answered with valueForProgress(p). QEasingCurve has no derivative, so no velocities are sent
// (only values are graded). JSON is read and written with Qt's own QJsonDocument.
//
// The hello's version is Qt's run-time version (qVersion()) and the Debian package the library came
// from is named by scripts/engines and the README, which pin it with dpkg-query.
#include <QtCore/QEasingCurve>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QPointF>
#include <QtCore/QtGlobal>

#include <cstdio>
#include <iostream>
#include <string>

static void reply(const QJsonObject &object) {
    const QByteArray line = QJsonDocument(object).toJson(QJsonDocument::Compact);
    std::fwrite(line.constData(), 1, static_cast<size_t>(line.size()), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

static QJsonObject curve(const QJsonObject &message) {
    const QJsonArray bezier = message.value("bezier").toArray();
    QEasingCurve easing(QEasingCurve::BezierSpline);
    easing.addCubicBezierSegment(QPointF(bezier.at(0).toDouble(), bezier.at(1).toDouble()),
                                 QPointF(bezier.at(2).toDouble(), bezier.at(3).toDouble()), QPointF(1, 1));
    QJsonArray values;
    for (const QJsonValue &progress : message.value("progress").toArray())
        values.append(easing.valueForProgress(progress.toDouble()));
    return QJsonObject{{"type", "result"}, {"id", message.value("id")}, {"values", values}};
}

int main() {
    std::string line;
    while (std::getline(std::cin, line)) {
        const QJsonObject message = QJsonDocument::fromJson(QByteArray::fromStdString(line)).object();
        const QString type = message.value("type").toString();
        if (type == "hello") {
            reply(QJsonObject{{"type", "hello"}, {"protocol", 1}, {"name", "qt-qeasingcurve"},
                              {"version", QString("Qt ") + qVersion()}, {"kinds", QJsonArray{"curve"}}});
        } else if (type == "case") {
            if (message.value("kind").toString() == "curve") {
                reply(curve(message));
            } else {
                reply(QJsonObject{{"type", "result"}, {"id", message.value("id")},
                                  {"unsupported", "QEasingCurve evaluates timing curves only"}});
            }
        } else if (type == "bye") {
            return 0;
        } else {
            std::fprintf(stderr, "qt adapter: unknown message type '%s'\n", line.c_str());
            return 1;
        }
    }
    return 0;
}

// euler.c — an example engine for Hooke's C ABI (include/hooke_engine.h, version 1): springs by
// semi-implicit (symplectic) Euler, one step of the frame interval per frame, as several popular
// engines integrate them:
//     v ← v + (−(k/m)·d − (c/m)·v)·Δt,   d ← d + v·Δt,   with d = x − target.
// First-order accurate: after a few seconds its error is a few percent of the distance. It is
// stable for the workload's springs at 60 and 120 Hz (c·Δt/m < 2 and k·Δt²/m < 4 − 2c·Δt/m).
//
// Layout: struct of arrays, five doubles per animation (d, v, k/m, c/m, target), one allocation
// per population; a frame allocates nothing.
#include "hooke_engine.h"

#include <stdlib.h>

struct hooke_engine_population {
    double step;
    double *displacement, *velocity, *stiffness, *damping, *target;
};

static hooke_engine_population *create_springs(const hooke_spring_parameters *p, size_t count, double frame_interval) {
    hooke_engine_population *population = malloc(sizeof *population);
    double *columns = malloc(5 * (count ? count : 1) * sizeof(double));
    if (!population || !columns) {
        free(population);
        free(columns);
        return NULL;
    }
    population->step = frame_interval;
    population->displacement = columns;
    population->velocity = columns + count;
    population->stiffness = columns + 2 * count;
    population->damping = columns + 3 * count;
    population->target = columns + 4 * count;
    for (size_t i = 0; i < count; i++) {
        population->displacement[i] = p[i].value - p[i].target;
        population->velocity[i] = p[i].velocity;
        population->stiffness[i] = p[i].stiffness / p[i].mass;
        population->damping[i] = p[i].damping / p[i].mass;
        population->target[i] = p[i].target;
    }
    return population;
}

// The frame time is not read: every frame is one step of the frame interval (the "fixed Δt" assumption).
static void advance(hooke_engine_population *population, size_t begin, size_t end, double time,
                    double *values, double *velocities) {
    (void)time;
    const double h = population->step;
    double *d = population->displacement, *v = population->velocity;
    const double *k = population->stiffness, *c = population->damping, *target = population->target;
    for (size_t i = begin; i < end; i++) {
        double vi = v[i] + (-k[i] * d[i] - c[i] * v[i]) * h;
        double di = d[i] + vi * h;
        d[i] = di;
        v[i] = vi;
        values[i] = target[i] + di;
        velocities[i] = vi;
    }
}

static void destroy(hooke_engine_population *population) {
    free(population->displacement);
    free(population);
}

static const hooke_engine table = {
    .abi_version = HOOKE_ENGINE_ABI_VERSION,
    .name = "c-euler",
    .assumptions = "fixed Δt; no retargets",
    .spring_state_bytes = 5 * sizeof(double),
    .create_springs = create_springs,
    .create_curves = NULL,
    .advance = advance,
    .destroy = destroy,
};

const hooke_engine *hooke_engine_entry(void) { return &table; }

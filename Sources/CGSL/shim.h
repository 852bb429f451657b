// The parts of GNU GSL that Hooke uses, with accessors for the stepper-type globals: Swift 6 rejects
// imported mutable globals as not concurrency-safe, so they are read through static inline functions.
#ifndef HOOKE_CGSL_SHIM_H
#define HOOKE_CGSL_SHIM_H

#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <gsl/gsl_roots.h>
#include <gsl/gsl_poly.h>
#include <gsl/gsl_version.h>

static inline const gsl_odeiv2_step_type *hooke_step_rk8pd(void) { return gsl_odeiv2_step_rk8pd; }
static inline const gsl_odeiv2_step_type *hooke_step_bsimp(void) { return gsl_odeiv2_step_bsimp; }
static inline const gsl_root_fsolver_type *hooke_root_brent(void) { return gsl_root_fsolver_brent; }
static inline const char *hooke_gsl_version(void) { return GSL_VERSION; }

#endif

// KernelAttributes.h — what every limit kernel file shares (private to CLimitKernels): the AVX2 +
// FMA target attribute for the second copy of a kernel body, and the always-inline body marker.
#ifndef HOOKE_KERNEL_ATTRIBUTES_H
#define HOOKE_KERNEL_ATTRIBUTES_H

#if defined(__x86_64__)
#define HOOKE_AVX2 __attribute__((target("avx2,fma")))
#else
#define HOOKE_AVX2
#endif

#define HOOKE_INLINE static inline __attribute__((always_inline))

#endif

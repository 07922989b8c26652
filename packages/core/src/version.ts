/** The `st` (SDK type) every request to a Latch server carries (SPEC §7). */
export const SDK_TYPE = 'latch'

/** The `sv` (SDK version) every request to a Latch server carries (SPEC §7); the package's version. */
export const SDK_VERSION = '0.1.0'

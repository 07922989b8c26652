/** Wallet, listing and image ids: safe in a URL path segment and as a file name (contract §images). */
export const directoryIdPattern = /^[A-Za-z0-9._-]{1,128}$/

/** CAIP-2 network id: `namespace:reference` (namespace 3–8 of [-a-z0-9], reference 1–32 of [-_a-zA-Z0-9]). */
export const caip2Pattern = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

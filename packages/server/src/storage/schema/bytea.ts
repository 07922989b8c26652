// PostgreSQL's bytea as a Uint8Array, as both drivers give and take it.
import { customType } from 'drizzle-orm/pg-core'

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres only sends Buffers as binary; PGlite takes any Uint8Array.
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
})

// Writes config.schema.json, the JSON Schema of the server's configuration file, from its zod shape
// (src/configFile.ts). configFile.test.ts fails while the file and the shape differ.
import { writeFileSync } from 'node:fs'
import { configFileJsonSchema } from '../src/configFile.ts'

writeFileSync(
  new URL('../config.schema.json', import.meta.url),
  `${JSON.stringify(configFileJsonSchema(), null, 2)}\n`,
)

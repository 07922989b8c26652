import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const section = readme.slice(
  readme.indexOf('## Use it in an app'),
  readme.indexOf('\n## ', readme.indexOf('## Use it in an app') + 1),
)
const app = (file: string) => readFileSync(new URL(`../consumers/vite/${file}`, import.meta.url), 'utf8')

test("the README's app is the Vite consumer app's, as the consumer tests install and run it", () => {
  expect(/```tsx\n([\s\S]*?)```/.exec(section)?.[1]).toBe(app('src/App.tsx'))
})

test("the README's install line names the packages the Vite consumer app depends on", () => {
  const line = /npm install (.+)/.exec(section)?.[1]?.split(' ').sort()
  const { dependencies } = JSON.parse(app('package.json')) as { dependencies: Record<string, string> }
  // The consumer tests add the @latch packages from their tarballs.
  expect(line).toEqual(['@latch/core', '@latch/evm', '@latch/react', ...Object.keys(dependencies)].sort())
})

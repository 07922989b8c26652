// The Dockerfiles cannot be built here (no Docker, no image registry): these checks keep them consistent with the
// packages they install. What each needs of a container is in the file's own comment.
import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8')

test.each(['server', 'relay'])(
  'packages/%s/Dockerfile: multi-stage, non-root, health-checked, runs the bin',
  (name) => {
    const dockerfile = read(`packages/${name}/Dockerfile`)
    const instructions = dockerfile.split('\n').filter((line) => /^[A-Z]+ /.test(line))
    const stages = instructions
      .filter((line) => line.startsWith('FROM '))
      .map((line) => / AS (\S+)$/.exec(line)?.[1])
    expect(stages.length).toBeGreaterThanOrEqual(3)
    for (const [, from] of dockerfile.matchAll(/COPY --from=(\S+)/g)) expect(stages).toContain(from)
    expect(instructions.filter((line) => line.startsWith('USER '))).toEqual(['USER node'])
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\\\n\s+CMD .*\/health/m)
    // The entry point is the package's own bin, as npm installs it.
    const { name: packageName, bin } = JSON.parse(read(`packages/${name}/package.json`)) as {
      name: string
      bin: Record<string, string>
    }
    const entry = /^ENTRYPOINT \["node", "\/app\/node_modules\/(@latch\/[^/]+)\/(\S+)"\]$/m.exec(dockerfile)
    expect(entry?.[1]).toBe(packageName)
    expect(`./${entry?.[2]}`).toBe(Object.values(bin)[0])
    expect(dockerfile).toContain(`/tarballs/latch-${name}-*.tgz`)
  },
)

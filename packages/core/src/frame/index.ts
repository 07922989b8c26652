// `@latch/core/frame`: the embedded wallet's frame protocol and the page's channel to it. A subpath of its own, so
// that a page without e-mail login ships none of it.
export * from './channel.ts'
export * from './protocol.ts'

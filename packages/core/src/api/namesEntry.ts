// `@latch/core/names`: the name rules and helpers for the Latch server, which takes nothing else from core.
export * from './nameLabel.ts'
export * from './names.ts'

// Preloaded into each service `npm start` runs (`node --import`): the service stops itself (SIGTERM, so that it
// shuts down cleanly, its anvil included) once npm start's process is gone, even when that one was killed
// outright and could not stop it. The services lead their own process groups (scripts/supervise.ts), so no
// terminal signal reaches them. Plain JavaScript, as the demo runs without tsx.
const parent = process.ppid
// An orphan is adopted by another process (init, or a subreaper), so its parent id changes.
const watch = setInterval(() => {
  if (process.ppid === parent) return
  clearInterval(watch)
  process.kill(process.pid, 'SIGTERM')
}, 1000)
// Never what keeps the service alive.
watch.unref()

// Runs in the page before any of the app's scripts (an init script), in the top frame only. It times, on the
// page's own clock (performance.now(), 0 = navigation start), the first animation frame in which the Connect
// button is visible, the click on it, and the first animation frame in which a wallet row is visible, and
// reports each through the `__benchReport` binding. `__benchTargets` is prepended by the runner.
;(() => {
  if (window.top !== window) return
  const targets = window.__benchTargets
  performance.setResourceTimingBufferSize(5000)

  const isVisible = (el) => {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false
    const box = el.getBoundingClientRect()
    return box.width > 0 && box.height > 0
  }
  const isMatch = (el, target) =>
    (!target.text || (el.textContent ?? '').includes(target.text)) && isVisible(el)

  // Peers built on web components (AppKit) render inside shadow roots: `deep` searches those as well.
  const find = (root, target) => {
    for (const el of root.querySelectorAll(target.selector)) if (isMatch(el, target)) return el
    if (!target.deep) return null
    for (const host of root.querySelectorAll('*')) {
      const found = host.shadowRoot && find(host.shadowRoot, target)
      if (found) return found
    }
    return null
  }

  // The mark puts the same moment into a trace (`--trace`), on the trace's clock.
  const report = (key) => window.__benchReport?.(key, performance.mark(`bench:${key}`).startTime)
  const waitVisible = (target, key) => {
    const frame = () => (find(document, target) ? report(key) : requestAnimationFrame(frame))
    requestAnimationFrame(frame)
  }

  waitVisible(targets.button, 'buttonVisible')
  let clicked = false
  addEventListener(
    'click',
    () => {
      if (clicked) return
      clicked = true
      report('click')
      waitVisible(targets.row, 'rowVisible')
    },
    { capture: true },
  )
})()

import { useLayoutEffect, useRef } from 'react'
import { useLatchClient } from '../context.ts'
import { useStore, whole } from '../hooks/useStore.ts'
import { applyTheme, themeFor } from './theme.ts'

/**
 * A ref that keeps an element's `--latch-*` properties in step with the client's theme (mode and
 * variables), set through the CSSOM so strict CSP allows it.
 */
export function useThemeRef<T extends HTMLElement>() {
  const client = useLatchClient()
  const { mode, variables } = useStore(client.theme, whole)
  const ref = useRef<T>(null)
  useLayoutEffect(() => {
    if (ref.current) applyTheme(ref.current, themeFor(mode, variables))
  }, [mode, variables])
  return { ref, mode, variables }
}

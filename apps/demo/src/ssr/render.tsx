import { renderToString } from 'react-dom/server'
import { createSsrClient, SsrApp } from './SsrApp.tsx'

/** Runs on the server (Node, no DOM): the markup ssr.html ships before any script runs. */
export function render(): string {
  return renderToString(<SsrApp client={createSsrClient('')} />)
}

import '@latch/react/styles.css'
import { type ReactNode, useEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { createSsrClient, SsrApp } from './SsrApp.tsx'

/** Marks the document once React has adopted the server's markup (the e2e test waits for it). */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return children
}

hydrateRoot(
  document.getElementById('root')!,
  <Hydrated>
    <SsrApp client={createSsrClient(location.search)} />
  </Hydrated>,
  {
    // Production React reports a hydration mismatch only here; make it loud for the test and for people.
    onRecoverableError: (error) => console.error('Latch demo: hydration failed', error),
  },
)

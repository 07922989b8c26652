// The floor: what any modal pays at least. React 19, one button, a native <dialog> with one wallet row.
import { useRef } from 'react'
import { createRoot } from 'react-dom/client'
import './floor.css'

function App() {
  const dialog = useRef<HTMLDialogElement>(null)
  return (
    <>
      <button type="button" className="connect" onClick={() => dialog.current?.showModal()}>
        Connect Wallet
      </button>
      <dialog ref={dialog} aria-labelledby="title">
        <h2 id="title">Connect Wallet</h2>
        <ul aria-label="Wallets">
          <li>
            <button type="button" className="wallet-row">
              Browser Wallet
            </button>
          </li>
        </ul>
        <button type="button" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </dialog>
    </>
  )
}

createRoot(document.getElementById('root')!).render(<App />)

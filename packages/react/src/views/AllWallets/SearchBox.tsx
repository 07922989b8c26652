import { useEffect, useId, useState } from 'react'
import { Icon } from '../../components/Icon/Icon.tsx'

/** SPEC §5: search text is trimmed and waits at least 300 ms. */
export const SEARCH_WAIT_MS = 300

/** The search box's text and the trimmed search it settles on once typing has paused for 300 ms. */
export function useSearch(): { text: string; setText(text: string): void; search: string } {
  const [text, setText] = useState('')
  const [search, setSearch] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_WAIT_MS)
    return () => clearTimeout(timer)
  }, [text])
  return { text, setText, search }
}

export function SearchBox({ text, setText }: { text: string; setText(text: string): void }) {
  const inputId = useId()
  return (
    <label className="latch-search" htmlFor={inputId}>
      <Icon name="search" />
      <span className="latch-visually-hidden">Search wallets</span>
      <input
        id={inputId}
        type="search"
        placeholder="Search wallet"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </label>
  )
}

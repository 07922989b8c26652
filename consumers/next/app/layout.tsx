import '@latch/react/styles.css'
import type { ReactNode } from 'react'

export const metadata = { title: 'A Next.js app with Latch' }

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}

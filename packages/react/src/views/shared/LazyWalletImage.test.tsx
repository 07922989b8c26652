// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { IMAGE_PRELOAD_TIMEOUT_MS, LazyWalletImage } from './LazyWalletImage.tsx'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const renderImage = () =>
  render(<LazyWalletImage src="http://latch.test/getWalletImage/w1" name="rainbow" size={48} />).container

describe('LazyWalletImage', () => {
  it('fetches the image lazily', () => {
    const image = renderImage().querySelector('img')
    expect(image?.getAttribute('loading')).toBe('lazy')
    expect(image?.getAttribute('src')).toBe('http://latch.test/getWalletImage/w1')
  })

  it('shows the monogram once the image has taken 2 s', () => {
    const container = renderImage()

    act(() => vi.advanceTimersByTime(IMAGE_PRELOAD_TIMEOUT_MS - 1))
    expect(container.querySelector('img')).not.toBeNull()

    act(() => vi.advanceTimersByTime(1))
    expect(container.querySelector('img')).toBeNull()
    expect(container.textContent).toBe('R')
  })

  it('shows the monogram when the image fails', () => {
    const container = renderImage()

    fireEvent.error(container.querySelector('img')!)

    expect(container.querySelector('img')).toBeNull()
    expect(container.textContent).toBe('R')
  })

  it('keeps an image that arrived in time', () => {
    const container = renderImage()

    fireEvent.load(container.querySelector('img')!)
    act(() => vi.advanceTimersByTime(IMAGE_PRELOAD_TIMEOUT_MS))

    expect(container.querySelector('img')).not.toBeNull()
  })
})

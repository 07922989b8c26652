import type { ElementOptions } from './dom.ts'

type Style = NonNullable<ElementOptions['style']>

/** Above everything a dapp is likely to stack (the top layer still wins for open dialogs). */
const topmost = '2147483000'

const font = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'

export const launcherStyle: Style = {
  position: 'fixed',
  left: '16px',
  bottom: '16px',
  zIndex: topmost,
  display: 'flex',
  alignItems: 'center',
  gap: '8px',
  padding: '8px 14px 8px 8px',
  border: '1px solid #3a4166',
  borderRadius: '999px',
  background: '#14182b',
  color: '#e8ebff',
  font: `600 13px/1 ${font}`,
  cursor: 'pointer',
  boxShadow: '0 6px 20px rgba(0, 0, 0, 0.35)',
}

export const launcherIconStyle: Style = { width: '22px', height: '22px', borderRadius: '6px' }

export const dialogStyle: Style = {
  zIndex: topmost,
  width: 'min(380px, calc(100vw - 32px))',
  boxSizing: 'border-box',
  padding: '20px',
  border: '1px solid #3a4166',
  borderRadius: '14px',
  background: '#14182b',
  color: '#e8ebff',
  font: `14px/1.45 ${font}`,
  boxShadow: '0 20px 60px rgba(0, 0, 0, 0.5)',
}

export const headingStyle: Style = { margin: '0 0 14px', fontSize: '16px', fontWeight: '650' }

export const fieldStyle: Style = {
  display: 'grid',
  gap: '4px',
  marginBottom: '12px',
  fontSize: '12px',
  color: '#aab1d6',
}

export const inputStyle: Style = {
  padding: '8px',
  border: '1px solid #3a4166',
  borderRadius: '8px',
  background: '#0d1020',
  color: '#e8ebff',
  font: `14px ${font}`,
}

export const checkboxRowStyle: Style = {
  display: 'flex',
  alignItems: 'center',
  gap: '8px',
  marginBottom: '12px',
}

export const statusStyle: Style = { margin: '0 0 12px', fontSize: '12px', color: '#aab1d6' }

export const detailsStyle: Style = {
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: '6px 12px',
  margin: '0 0 12px',
  fontSize: '13px',
}

export const detailTermStyle: Style = { color: '#aab1d6' }

export const detailValueStyle: Style = {
  margin: '0',
  overflowWrap: 'anywhere',
  fontFamily: 'ui-monospace, monospace',
}

export const bodyStyle: Style = {
  maxHeight: '200px',
  overflow: 'auto',
  margin: '0 0 14px',
  padding: '10px',
  borderRadius: '8px',
  background: '#0d1020',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  font: '12px/1.5 ui-monospace, monospace',
}

export const buttonRowStyle: Style = {
  display: 'flex',
  justifyContent: 'flex-end',
  gap: '8px',
  marginTop: '4px',
}

const buttonBase: Style = {
  padding: '8px 16px',
  borderRadius: '8px',
  font: `600 14px ${font}`,
  cursor: 'pointer',
}

export const primaryButtonStyle: Style = {
  ...buttonBase,
  border: '1px solid #6f8cff',
  background: '#4f6bff',
  color: '#ffffff',
}

export const secondaryButtonStyle: Style = {
  ...buttonBase,
  border: '1px solid #3a4166',
  background: 'transparent',
  color: '#e8ebff',
}

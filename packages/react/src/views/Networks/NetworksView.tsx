import { useLatchClient } from '../../context.ts'
import { NetworkList } from '../shared/NetworkList.tsx'

export default function NetworksView() {
  const client = useLatchClient()
  const done = () => {
    if (client.router.store.getState().view !== 'Networks') return
    client.back()
  }
  return (
    <div className="latch-view">
      <NetworkList onSwitched={done} />
    </div>
  )
}

import { useMemo } from 'react';
import { adminAuth, useRoom } from '../../net/useRoom';
import { browserSpeech, Speaker } from '../../narrator/speaker';
import { useCode } from '../useCode';
import { TableScreen } from './TableScreen';

const SPECTATOR = { as: 'spectator' } as const;

/**
 * /r/:code/table — the table screen (a TV or a projector). It watches as a spectator (no hidden
 * information is ever sent to it) and, when the app is the host, speaks the host's lines. On the
 * device that created an app room it connects as the room admin (who sees exactly what a spectator
 * sees) and shows the room's controls.
 */
export default function Table() {
  const code = useCode();
  const auth = useMemo(() => adminAuth(code) ?? SPECTATOR, [code]);
  const { state, client } = useRoom(code, auth);
  const speaker = useMemo(() => {
    const b = browserSpeech();
    return b ? new Speaker(b.synth, b.utterance) : null;
  }, []);
  // The next game's button shows only on a connection that may deal (mayDealNextGame): the room admin's, not a spectator's.
  return <TableScreen code={code} state={state} speaker={speaker} nextGame={client ? () => client.nextGame() : undefined} admin={auth.as === 'admin' ? client : null} />;
}

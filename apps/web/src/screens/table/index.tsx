import { useMemo } from 'react';
import { useRoom } from '../../net/useRoom';
import { browserSpeech, Speaker } from '../../narrator/speaker';
import { useCode } from '../useCode';
import { TableScreen } from './TableScreen';

const SPECTATOR = { as: 'spectator' } as const;

/**
 * /r/:code/table — the table screen (a TV or a projector). It watches as a spectator (no hidden
 * information is ever sent to it) and, when the app is the host, speaks the host's lines.
 */
export default function Table() {
  const code = useCode();
  const { state, client } = useRoom(code, SPECTATOR);
  const speaker = useMemo(() => {
    const b = browserSpeech();
    return b ? new Speaker(b.synth, b.utterance) : null;
  }, []);
  // The button shows only on a connection that may deal (mayDealNextGame): the room admin's, not a spectator's.
  return <TableScreen code={code} state={state} speaker={speaker} nextGame={client ? () => client.nextGame() : undefined} />;
}

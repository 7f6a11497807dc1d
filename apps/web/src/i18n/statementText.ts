import type { Said, Statement } from '@mafia/engine';
import { roleName } from './roleName';

type Tx = (key: string, opts?: Record<string, unknown>) => string;

/** A statement in the speaker's words: «Я — Комиссар», «Проверил № 4 в ночь 2: красный». */
export function statementText(tt: unknown, preset: string | null | undefined, st: Statement): string {
  const t = tt as Tx;
  switch (st.kind) {
    case 'claim': return t('said.claim', { ns: 'common', role: roleName(t, preset, st.role) });
    case 'checked': return t(st.color === 'red' ? 'said.checkedRed' : 'said.checkedBlack', { ns: 'common', target: st.target, night: st.night });
    case 'version': return t('said.version', { ns: 'common', seats: st.seats.join(', ') });
    case 'plan': return t('said.plan', { ns: 'common', shots: st.shots.map((x) => t('said.shot', { ns: 'common', night: x.night, target: x.target })).join(', ') });
    default: return t(`said.${st.kind}`, { ns: 'common', target: st.target });
  }
}

/** A statement with its speaker: «№ 3: «Я — Комиссар»». */
export const saidLine = (t: unknown, preset: string | null | undefined, s: Said): string =>
  (t as Tx)('said.line', { ns: 'common', by: s.by, text: statementText(t, preset, s.statement) });

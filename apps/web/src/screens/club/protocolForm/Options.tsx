import { presetOf } from '@mafia/engine';
import { useTranslation } from 'react-i18next';
import type { SheetDraft } from './draft';
import { modificationsOf, optionsOf, techFoulsOn } from './show';

/**
 * The game's own settings a paper sheet records in its header: technical fouls (`fiim`, option
 * `techFouls`, R-FIIM-14) and the `name-in-blood` modification where the preset allows it.
 */
export function Options({ sheet, onChange }: { readonly sheet: SheetDraft; readonly onChange: (s: SheetDraft) => void }) {
  const { t } = useTranslation('club');
  const blood = (presetOf(sheet.preset as never)?.modifications ?? []).includes('name-in-blood');
  if (sheet.preset !== 'fiim' && !blood) return null;
  const header = sheet.header ?? {};
  const setTech = (on: boolean) => {
    const { techFouls: _, ...rest } = optionsOf(sheet);
    const options = on ? { ...rest, techFouls: 'yes' } : rest;
    const { options: __, ...h } = header;
    onChange({ ...sheet, header: Object.keys(options).length > 0 ? { ...h, options } : h });
  };
  const setBlood = (on: boolean) => {
    const mods = modificationsOf(sheet).filter((m) => m !== 'name-in-blood');
    const modifications = on ? [...mods, 'name-in-blood'] : mods;
    const { modifications: _, ...h } = header;
    onChange({ ...sheet, header: modifications.length > 0 ? { ...h, modifications } : h });
  };
  return (
    <div className="row" style={{ gap: 12, flexWrap: 'wrap' }}>
      {sheet.preset === 'fiim' && (
        <label className="row" style={{ gap: 4 }}>
          <input type="checkbox" checked={techFoulsOn(sheet)} onChange={(e) => setTech(e.target.checked)} />
          {t('paper.techFoulsOn')}
        </label>
      )}
      {blood && (
        <label className="row" style={{ gap: 4 }}>
          <input type="checkbox" checked={modificationsOf(sheet).includes('name-in-blood')} onChange={(e) => setBlood(e.target.checked)} />
          {t('paper.bloodOn')}
        </label>
      )}
    </div>
  );
}

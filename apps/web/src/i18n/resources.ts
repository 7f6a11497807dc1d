import enClub from '../locales/en/club.json';
import enCommon from '../locales/en/common.json';
import enCorrections from '../locales/en/corrections.json';
import enCreate from '../locales/en/create.json';
import enHost from '../locales/en/host.json';
import enLobby from '../locales/en/lobby.json';
import enMedia from '../locales/en/media.json';
import enPlayer from '../locales/en/player.json';
import enRefusals from '../locales/en/refusals.json';
import enResults from '../locales/en/results.json';
import enTable from '../locales/en/table.json';
import ruClub from '../locales/ru/club.json';
import ruCommon from '../locales/ru/common.json';
import ruCorrections from '../locales/ru/corrections.json';
import ruCreate from '../locales/ru/create.json';
import ruHost from '../locales/ru/host.json';
import ruLobby from '../locales/ru/lobby.json';
import ruMedia from '../locales/ru/media.json';
import ruPlayer from '../locales/ru/player.json';
import ruRefusals from '../locales/ru/refusals.json';
import ruResults from '../locales/ru/results.json';
import ruTable from '../locales/ru/table.json';

/**
 * One JSON file per language and namespace (src/locales/<lng>/<ns>.json): `common` for everything
 * shared (role and preset names, phases, seats, errors, the home screen), one namespace per screen,
 * and `refusals`: a message for every refusal code the engine, the server or this app can give.
 * test/i18n.test.ts fails when a key is in one language and not the other.
 */
export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const NAMESPACES = ['common', 'create', 'lobby', 'host', 'player', 'table', 'refusals', 'club', 'results', 'corrections', 'media'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const resources = {
  en: { common: enCommon, create: enCreate, lobby: enLobby, host: enHost, player: enPlayer, table: enTable, refusals: enRefusals, club: enClub, results: enResults, corrections: enCorrections, media: enMedia },
  ru: { common: ruCommon, create: ruCreate, lobby: ruLobby, host: ruHost, player: ruPlayer, table: ruTable, refusals: ruRefusals, club: ruClub, results: ruResults, corrections: ruCorrections, media: ruMedia },
} as const;

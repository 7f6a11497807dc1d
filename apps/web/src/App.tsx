import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { withNamespace } from './i18n/language';

// Each screen is its own folder and its own chunk (the seams: one owner per folder).
const Home = lazy(() => import('./screens/home'));
const Create = lazy(() => import('./screens/create'));
const Play = lazy(() => import('./screens/play'));
const Practice = lazy(() => import('./screens/practice'));
const Lobby = lazy(() => import('./screens/lobby'));
const Host = lazy(() => import('./screens/host'));
const Table = lazy(() => import('./screens/table'));
const Player = lazy(() => import('./screens/player'));
const Admin = lazy(() => import('./screens/admin'));
// The club (docs/club-api.md): each page its own chunk too; none is loaded by a game's screens.
const SignIn = lazy(withNamespace('club', () => import('./screens/club/signin')));
const ConsumeLink = lazy(withNamespace('club', () => import('./screens/club/signin/consume')));
const Clubs = lazy(withNamespace('club', () => import('./screens/club/clubs')));
const Calendar = lazy(withNamespace('club', () => import('./screens/club/calendar')));
const Members = lazy(withNamespace('club', () => import('./screens/club/members')));
const MemberPage = lazy(withNamespace('club', () => import('./screens/club/member')));
const ClubLedger = lazy(withNamespace('club', () => import('./screens/club/ledger')));
const ClubLeaderboard = lazy(withNamespace('club', () => import('./screens/club/leaderboard')));
const Evening = lazy(withNamespace('club', () => import('./screens/club/evening')));
const GamePage = lazy(withNamespace('club', () => import('./screens/club/game')));
const EveningResults = lazy(withNamespace('club', () => import('./screens/club/results')));
const SeriesPage = lazy(withNamespace('club', () => import('./screens/club/series')));
const AnswerInvitation = lazy(withNamespace('club', () => import('./screens/club/answer')));
const JoinClub = lazy(withNamespace('club', () => import('./screens/club/join')));
const Account = lazy(withNamespace('club', () => import('./screens/club/account')));
const AuditLog = lazy(withNamespace('club', () => import('./screens/club/corrections/AuditLog')));
const PublicClubPage = lazy(withNamespace('club', () => import('./screens/club/public')));
const PublicGamePage = lazy(withNamespace('club', () => import('./screens/club/public/PublicGame')));

function Loading() {
  const { t } = useTranslation();
  return (
    <p className="muted" role="status" style={{ padding: 16 }}>
      {t('loading')}
    </p>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <p style={{ padding: 16 }}>
      {t('notFound')} — <a href="/">{t('app.name')}</a>
    </p>
  );
}

/** The routes (docs/web.md). A join link is /r/CODE (the server's `link`). */
export function App() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/new" element={<Create />} />
        <Route path="/play" element={<Play />} />
        <Route path="/practice" element={<Practice />} />
        <Route path="/r/:code" element={<Lobby />} />
        <Route path="/r/:code/host" element={<Host />} />
        <Route path="/r/:code/table" element={<Table />} />
        <Route path="/r/:code/play" element={<Player />} />
        <Route path="/r/:code/admin" element={<Admin />} />
        <Route path="/signin" element={<SignIn />} />
        <Route path="/signin/:token" element={<ConsumeLink />} />
        <Route path="/club" element={<Clubs />} />
        <Route path="/club/:clubId" element={<Calendar />} />
        <Route path="/club/:clubId/members" element={<Members />} />
        <Route path="/club/:clubId/members/:userId" element={<MemberPage />} />
        <Route path="/club/:clubId/ledger" element={<ClubLedger />} />
        <Route path="/club/:clubId/audit" element={<AuditLog />} />
        <Route path="/club/:clubId/leaderboard" element={<ClubLeaderboard />} />
        <Route path="/p/:clubId" element={<PublicClubPage />} />
        <Route path="/p/:clubId/games/:gameId" element={<PublicGamePage />} />
        <Route path="/club/:clubId/evenings/:eveningId" element={<Evening />} />
        <Route path="/club/:clubId/evenings/:eveningId/results" element={<EveningResults />} />
        <Route path="/club/:clubId/games/:gameId" element={<GamePage />} />
        <Route path="/club/:clubId/series" element={<SeriesPage />} />
        <Route path="/club/:clubId/series/:seriesId" element={<SeriesPage />} />
        <Route path="/i/:token" element={<AnswerInvitation />} />
        <Route path="/join/:token" element={<JoinClub />} />
        <Route path="/account" element={<Account />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}

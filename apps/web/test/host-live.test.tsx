// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { CreateRoomRequest } from '@mafia/protocol';
import { useSyncExternalStore } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { socket, liveServerForTests, until } from './liveServer';
import { createI18n } from '../src/i18n';
import { RoomClient } from '../src/net/client';
import { createRoom } from '../src/net/http';
import { createSecrets, memoryStore } from '../src/net/secrets';
import { HostConsole } from '../src/screens/host/Console';

// The host console against the real server (a human-hosted classic room), through the real RoomClient.
const live = liveServerForTests();
afterAll(() => {
  cleanup();
});

function Live({ client }: { client: RoomClient }) {
  const state = useSyncExternalStore(client.subscribe, client.getState);
  return <HostConsole state={state} actions={client} />;
}


/** Clicks once the button is enabled (the console disables its buttons while a command is on its way). */
const click = async (testId: string) => {
  await waitFor(() => expect((screen.getByTestId(testId) as HTMLButtonElement).disabled).toBe(false));
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
  });
};

describe('host console against the real server', () => {
  it('runs the introduction night, a speech with a nomination, a foul, an undo and the timer', async () => {
    const client = await startedRoom({ preset: 'classic', seats: 10, mode: 'human' });
    expect(screen.getByTestId('phase').dataset.phase).toBe('night');
    expect(screen.getByTestId('host-line').textContent).toContain('Город засыпает.');
    // The host sees every role (hidden from nobody on this device: it is the host's).
    const roles = client.getState().view!.seats.map((s) => s.role);
    expect(roles.every((r) => typeof r === 'string')).toBe(true);

    await click('host-next'); // endNight
    await until(client, (s) => s.view?.phase.kind === 'day', 'day 1');
    expect(screen.getByTestId('phase').dataset.phase).toBe('day');
    expect(screen.getByTestId('phase').dataset.n).toBe('1');
    const speaker = client.getState().view!.day!.speaker!;
    const target = speaker === 4 ? 5 : 4;
    await click(`seat-${target}`);
    await click('nominate-accept');
    await until(client, (s) => (s.view?.day?.nominations.length ?? 0) === 1, 'the nomination');
    expect(client.getState().view!.day!.nominations).toEqual([[speaker, target]]);
    expect(screen.getByTestId('host-line').textContent).toContain('Принято.');

    await click('foul-3');
    await until(client, (s) => s.view?.seats[2]?.fouls === 1, 'the foul');
    expect(screen.getByTestId('fouls-3').dataset.n).toBe('1');
    await click('undo');
    await until(client, (s) => s.view?.seats[2]?.fouls === 0, 'the undo');
    expect(screen.getByTestId('fouls-3').dataset.n).toBe('0');

    // The speech timer: +10 s moves the deadline.
    const before = client.getState().timer!;
    expect(before.kind).toBe('speech');
    await click('timer-plus');
    await until(client, (s) => (s.timer?.deadline ?? 0) > before.deadline, 'the timer moved');
    expect(client.getState().timer!.deadline - before.deadline).toBeGreaterThanOrEqual(9_000);

    await click('host-next'); // endSpeech
    await until(client, (s) => s.view?.day?.speaker !== speaker, 'the next speaker');
    expect(screen.getByTestId('history').textContent).toContain('речь № 1 окончена');
    client.close();
  });

  it('records the mafia\'s victim list on night 1 (classic with the victim-list modification)', async () => {
    const client = await startedRoom({ preset: 'classic', seats: 10, mode: 'human', modifications: ['victim-list'] });
    expect(screen.getByTestId('phase').dataset.n).toBe('1');
    for (const s of [6, 2, 10]) await click(`victim-list-seat-${s}`);
    await click('victim-list-submit');
    await until(client, (s) => s.log.some((i) => i.kind === 'events' && i.events.some((e) => e.type === 'VictimListSet')), 'the victim list');
    await waitFor(() => expect(screen.getByTestId('victim-list-recorded').dataset.seats).toBe('6,2,10'));
    client.close();
  });

  it('sets the voting circle before the first ballot (extended, circular voting)', async () => {
    const client = await startedRoom({ preset: 'extended', seats: 10, mode: 'human' });
    expect(screen.queryByTestId('circle')).toBeNull();
    await click('host-next'); // endNight (the introduction night)
    await until(client, (s) => s.view?.phase.kind === 'day', 'day 1');
    await waitFor(() => expect(screen.getByTestId('circle-current').dataset.from).toBe('1'));
    await act(async () => {
      fireEvent.change(screen.getByTestId('circle-from'), { target: { value: '7' } });
    });
    await click('circle-down');
    await until(client, (s) => s.view?.day?.circle?.from === 7, 'the circle');
    expect(client.getState().view!.day!.circle).toEqual({ from: 7, dir: 'down' });
    await waitFor(() => expect(screen.getByTestId('circle-current').dataset.dir).toBe('down'));
    client.close();
  });
});

/** A human-hosted room created, connected as its host, started, and its console rendered. */
async function startedRoom(body: CreateRoomRequest): Promise<RoomClient> {
  const room = await createRoom(body, { base: live.base, fetch: globalThis.fetch });
  const client = new RoomClient({
    code: room.code, auth: { as: 'host', key: room.hostKey! }, url: live.wsUrl, socket,
    tokens: createSecrets(memoryStore()), pingEveryMs: 0,
  });
  client.connect();
  await until(client, (s) => s.status === 'open' && s.lobby !== null, 'welcome');
  await client.start();
  await until(client, (s) => s.view !== null, 'the start');
  const i18n = createI18n();
  await i18n.changeLanguage('ru');
  cleanup();
  render(
    <I18nextProvider i18n={i18n}>
      <Live client={client} />
    </I18nextProvider>,
  );
  return client;
}

import { mediaMomentOfView, mediaPeer, type MediaMoment, type MediaPeer } from '@mafia/engine/media';
import type { Lobby } from '@mafia/protocol';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { RoomClient, RoomState, WireError } from '../net/client';
import { getMediaSettings } from '../net/http';
import { nightStepAt } from '../night/stepClock';
import { MediaCalls } from './calls';

/** The seats a person holds (a bot has no camera; a free seat nobody): the peers this device calls. */
export function peopleSeats(lobby: Lobby | null | undefined, me: MediaPeer): MediaPeer[] {
  if (!lobby) return [];
  const bots = new Set(lobby.bots ?? []);
  const out: MediaPeer[] = [];
  lobby.claimed.forEach((name, i) => {
    const seat = i + 1;
    if (name !== null && !bots.has(seat) && seat !== me) out.push(mediaPeer(seat));
  });
  return out;
}

/** The night step being called now, ticking while the night runs (the mafia's meeting is a step of it). */
function useNightStep(state: RoomState, serverNow: () => number): number | null {
  const night = state.view?.phase.kind === 'night' && state.timer?.kind === 'night';
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!night || state.timer?.pausedAt !== undefined) return;
    const id = setInterval(tick, 500);
    return () => clearInterval(id);
  }, [night, state.timer?.pausedAt]);
  if (!night || !state.view) return null;
  return nightStepAt(state.timer, state.view.nightSteps.length, serverNow()).step;
}

export interface MediaNow {
  readonly moment: MediaMoment;
  /** This device's camera and microphone, once turned on. */
  readonly local: MediaStream | null;
  /** Streams the policy lets play now, by the peer sending each. */
  readonly remote: ReadonlyMap<MediaPeer, MediaStream>;
  readonly transmitting: boolean;
  /** The device has no camera or microphone, or the person said no: he plays by text. */
  readonly noDevice: boolean;
  /** The server refused one of this device's signals (shown in words). */
  readonly refusal: WireError | null;
  turnOn(): Promise<void>;
  turnOff(): void;
}

/**
 * Voice and video of a seat's screen (`me`: its seat) or the room admin's (`me`: `host`, who talks
 * over everybody): the calls the media policy wants, from this device's own view (a town player's
 * view never holds the mafia's meeting, so his device does the same at every night). Nothing needs
 * media: without a camera the game plays on by text.
 */
export function useMedia(client: RoomClient | null, state: RoomState, me: MediaPeer): MediaNow {
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [noDevice, setNoDevice] = useState(false);
  const [refusal, setRefusal] = useState<WireError | null>(null);
  const [, changed] = useReducer((n: number) => n + 1, 0);
  const calls = useRef<MediaCalls | null>(null);
  const serverNow = (): number => (client ? client.serverNow() : Date.now() + state.clockOffset);
  const step = useNightStep(state, serverNow);
  const moment = useMemo(() => mediaMomentOfView(state.view, step), [state.view, step]);
  const peers = useMemo(() => peopleSeats(state.lobby, me), [state.lobby, me]);

  useEffect(() => {
    if (!client || typeof RTCPeerConnection === 'undefined') return;
    const c = new MediaCalls({
      me,
      signal: (to, data) => client.signal(to, data),
      newPeerConnection: (config) => new RTCPeerConnection(config),
      changed,
    });
    calls.current = c;
    let live = true;
    getMediaSettings().then((s) => live && c.setIceServers(s.iceServers as RTCIceServer[]), () => {
      // No settings (an older server): no ICE servers, which serves players on one network.
    });
    const off = client.onMedia((e) => {
      if ('signal' in e) void c.receive(mediaPeer(e.signal.from), e.signal.data);
      else setRefusal(e.refused);
    });
    return () => {
      live = false;
      off();
      c.close();
      calls.current = null;
    };
  }, [client, me]);

  const momentKey = JSON.stringify(moment);
  const peersKey = peers.join(',');
  useEffect(() => {
    calls.current?.update(moment, peers);
    changed();
    // The keys stand for the moment and the peers: a new object with the same content changes nothing.
  }, [momentKey, peersKey, client]);

  useEffect(() => {
    calls.current?.setLocal(local);
    changed();
  }, [local, client]);

  // The tracks stop when the screen is left.
  useEffect(() => () => local?.getTracks().forEach((t) => t.stop()), [local]);

  const c = calls.current;
  const remote = new Map<MediaPeer, MediaStream>();
  for (const p of c?.playable() ?? []) remote.set(p, c!.remote.get(p)!);
  return {
    moment, local, remote, noDevice, refusal,
    transmitting: c?.transmitting ?? false,
    async turnOn() {
      setRefusal(null);
      const devices = globalThis.navigator?.mediaDevices;
      if (!devices?.getUserMedia) return setNoDevice(true);
      try {
        setLocal(await devices.getUserMedia({ audio: true, video: true }));
        setNoDevice(false);
      } catch {
        try {
          // No camera: the microphone alone.
          setLocal(await devices.getUserMedia({ audio: true }));
          setNoDevice(false);
        } catch {
          setNoDevice(true);
        }
      }
    },
    turnOff() {
      setLocal(null);
    },
  };
}

import { PUSH_TEXT } from '@vaggen/contract';
import { useEffect, useState } from 'react';

type State = 'off' | 'on' | 'busy' | 'unsupported' | 'denied';

const supported = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window !== 'undefined' &&
  'PushManager' in window;

const keyBytes = (b64url: string) => {
  const b64 = b64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration('/');
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/**
 * Issue 44: "Få pushnotiser vid stora nyheter". The browser asks for permission only when this is
 * pressed (never on its own); pressed again it turns the notices off. The service worker
 * (`/sw.js`) only shows a push and opens its article.
 */
export function PushButton() {
  // disabled until hydrated and the browser has said whether it is subscribed (a press before that did nothing)
  const [state, setState] = useState<State>('busy');
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    if (!supported()) return setState('unsupported');
    if (Notification.permission === 'denied') return setState('denied');
    currentSubscription()
      .then((s) => setState(s ? 'on' : 'off'))
      .catch(() => setState('off'));
  }, []);

  const turnOn = async () => {
    if ((await Notification.requestPermission()) !== 'granted') {
      setState('denied');
      return;
    }
    const reg = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
    const { publicKey } = (await (await fetch('/api/push/public-key')).json()) as { publicKey: string };
    const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
    const res = await fetch('/api/push/subscriptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sub.toJSON()),
    });
    if (!res.ok) throw new Error(String(res.status));
    setState('on');
    setNote(PUSH_TEXT.optedIn);
  };

  const turnOff = async () => {
    const sub = await currentSubscription();
    if (sub) {
      await fetch('/api/push/subscriptions', {
        method: 'DELETE',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ endpoint: sub.endpoint }),
      });
      await sub.unsubscribe();
    }
    setState('off');
    setNote(PUSH_TEXT.optedOut);
  };

  const toggle = async () => {
    const was = state;
    setState('busy');
    setNote(null);
    try {
      await (was === 'on' ? turnOff() : turnOn());
    } catch {
      setState(was);
      setNote(PUSH_TEXT.failed);
    }
  };

  return (
    <div className="push-optin">
      <button
        type="button"
        className="button button-small push-button"
        aria-pressed={state === 'on'}
        disabled={state === 'busy' || state === 'unsupported' || state === 'denied'}
        onClick={() => void toggle()}
      >
        {state === 'on' ? PUSH_TEXT.optOut : PUSH_TEXT.optIn}
      </button>
      <span className="push-note" role="status">
        {state === 'unsupported' ? PUSH_TEXT.unsupported : state === 'denied' ? PUSH_TEXT.denied : note}
      </span>
    </div>
  );
}

import { describe, expect, it } from 'vitest';
import { type BanValues, banInput, banTargetText, EMPTY_BAN, untilFrom, valuesFromParams } from './banForm';

const NOW = Date.parse('2026-11-25T08:00:00.000Z');
const accounts = [
  { id: 7, username: 'Örjan' },
  { id: 9, username: 'troll' },
];
const v = (over: Partial<BanValues>): BanValues => ({ ...EMPTY_BAN, ...over });

describe('the ban form (issue 16)', () => {
  it('fills in the commenter from the queue: an account by id, or a visitor by e-mail', () => {
    expect(valuesFromParams(new URLSearchParams('konto=7&namn=Örjan'))).toMatchObject({
      targetKind: 'account',
      accountId: 7,
      target: 'Örjan',
    });
    expect(valuesFromParams(new URLSearchParams('epost=a@b.se&namn=Anna'))).toMatchObject({
      targetKind: 'email',
      target: 'a@b.se',
      accountId: null,
    });
    expect(valuesFromParams(new URLSearchParams('konto=abc'))).toEqual(EMPTY_BAN);
  });

  it('ends a ban after the chosen days, or never', () => {
    expect(untilFrom('7', NOW)).toBe('2026-12-02T08:00:00.000Z');
    expect(untilFrom('forever', NOW)).toBeNull();
  });

  it('finds an account by username whatever the case', () => {
    expect(banInput(v({ target: 'örjan', duration: '1', reason: ' Hot ' }), accounts, NOW)).toEqual({
      ok: true,
      input: { user_id: 7, email: null, kind: 'ban', until: '2026-11-26T08:00:00.000Z', reason: 'Hot' },
    });
  });

  it('uses the id from the queue without looking the name up', () => {
    expect(
      banInput(v({ target: 'Vem som helst', accountId: 42, kind: 'premoderate', duration: 'forever' }), null, NOW),
    ).toEqual({ ok: true, input: { user_id: 42, email: null, kind: 'premoderate', until: null, reason: null } });
  });

  it('says so when the username is missing or unknown', () => {
    expect(banInput(v({ target: '  ' }), accounts, NOW)).toEqual({
      ok: false,
      problem: { field: 'target', msg: 'Ange ett användarnamn.' },
    });
    expect(banInput(v({ target: 'okänd' }), accounts, NOW)).toEqual({
      ok: false,
      problem: { field: 'target', msg: 'Kontot finns inte' },
    });
  });

  it('bans an e-mail address, and refuses one that is not', () => {
    expect(banInput(v({ targetKind: 'email', target: 'spam@example.se', duration: '30' }), null, NOW)).toMatchObject({
      ok: true,
      input: { user_id: null, email: 'spam@example.se', until: '2026-12-25T08:00:00.000Z' },
    });
    expect(banInput(v({ targetKind: 'email', target: 'inte-en-adress' }), null, NOW)).toEqual({
      ok: false,
      problem: { field: 'target', msg: 'Ange en giltig e-postadress.' },
    });
  });

  it('names the banned commenter as well as it can', () => {
    const ban = { id: 1, user_id: 7, email: null, name: 'Örjan', kind: 'ban' as const, until: null, reason: null };
    const base = { ...ban, created_at: '', created_by: null, active: true };
    expect(banTargetText(base)).toBe('Örjan');
    expect(banTargetText({ ...base, user_id: null, name: null, email: 'x@y.se' })).toBe('x@y.se');
    expect(banTargetText({ ...base, name: null })).toBe('konto 7');
  });
});

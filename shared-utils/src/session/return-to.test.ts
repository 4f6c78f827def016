import { RETURN_TO_KEY, rememberReturnTo, takeReturnTo } from './return-to';

describe('takeReturnTo', () => {
  beforeEach(() => sessionStorage.clear());

  it('gives the remembered path once, then removes it', () => {
    sessionStorage.setItem(RETURN_TO_KEY, '/logs/ActPwrPve?range=day#chart');
    expect(takeReturnTo()).toBe('/logs/ActPwrPve?range=day#chart');
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
    expect(takeReturnTo()).toBe('/');
  });

  it.each([
    ['another origin', 'https://evil.example/phish'],
    ['a protocol-relative URL', '//evil.example/phish'],
    ['a backslash trick', '/\\evil.example'],
    ['a script URL', 'javascript:alert(1)'],
    ['a relative path', 'monitoring'],
    ['the auth pages', '/auth/sign-in'],
    ['/auth itself', '/auth'],
    ['an empty value', ''],
  ])('ignores %s and goes to /', (_case, value) => {
    sessionStorage.setItem(RETURN_TO_KEY, value);
    expect(takeReturnTo()).toBe('/');
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
  });

  it('accepts paths that merely start with the letters "auth"', () => {
    sessionStorage.setItem(RETURN_TO_KEY, '/authority');
    expect(takeReturnTo()).toBe('/authority');
  });

  it('remembers the current page, but never an auth page', () => {
    window.history.pushState(null, '', '/statistics?year=2025');
    rememberReturnTo();
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/statistics?year=2025');
    sessionStorage.clear();
    window.history.pushState(null, '', '/auth/sign-in');
    rememberReturnTo();
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
  });
});

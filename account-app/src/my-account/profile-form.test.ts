import { draftOf, initialsOf, profileChanges, profileProblems } from './profile-form';

const user = { name: 'Jana', family_name: 'Nováková', picture: null };

describe('the profile form', () => {
  it('sends only what changed, trimmed, and removes an emptied picture', () => {
    expect(profileChanges(user, draftOf(user))).toEqual({});
    expect(profileChanges(user, { ...draftOf(user), name: ' Janička ' })).toEqual({ name: 'Janička' });
    expect(profileChanges(user, { ...draftOf(user), picture: 'https://example.com/j.png' })).toEqual({
      picture: 'https://example.com/j.png',
    });
    const withPicture = { ...user, picture: 'https://example.com/j.png' };
    expect(profileChanges(withPicture, { ...draftOf(withPicture), picture: '  ' })).toEqual({ picture: null });
  });

  it('requires both names and takes only web addresses as the picture', () => {
    expect(profileProblems(draftOf(user))).toEqual({});
    expect(profileProblems({ name: ' ', family_name: 'x'.repeat(101), picture: 'ftp://x' })).toEqual({
      name: 'required',
      family_name: 'tooLong',
      picture: 'pictureUrl',
    });
    expect(profileProblems({ ...draftOf(user), picture: 'http://x.cz/a.jpg' })).toEqual({});
  });

  it('makes initials from the first letters of the names', () => {
    expect(initialsOf('Jana', 'Nováková')).toBe('JN');
    expect(initialsOf('čeněk', 'šimek')).toBe('ČŠ');
    expect(initialsOf('', '')).toBe('?');
  });
});

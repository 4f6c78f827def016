// The user's picture, or their initials when there is none or it fails to load.
import { useState } from 'react';
import { initialsOf } from './profile-form';

export function Avatar({ picture, name, familyName }: { picture: string | null; name: string; familyName: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (picture && failed !== picture) {
    return <img className="helio-avatar" src={picture} alt="" onError={() => setFailed(picture)} data-testid="avatar-picture" />;
  }
  return (
    <span className="helio-avatar helio-avatar-initials" aria-hidden="true" data-testid="avatar-initials">
      {initialsOf(name, familyName)}
    </span>
  );
}

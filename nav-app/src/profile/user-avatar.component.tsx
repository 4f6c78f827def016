// The user's picture, or their initials when they have none.
import React from 'react';
import { initialsOf, type ProfileUser } from './profile-summary';

export function UserAvatar({ user, picture, size = 32 }: { user: ProfileUser; picture: string | null; size?: number }) {
  const style = { width: size, height: size };
  if (picture) return <img className="helio-avatar" src={picture} alt="" style={style} />;
  return (
    <span className="helio-avatar helio-avatar--initials" style={style} aria-hidden="true">
      {initialsOf(user)}
    </span>
  );
}

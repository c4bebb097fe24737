/** A round avatar with initials, its color fixed by the id, as placeholder avatars are. */
const COLORS = ['#5865f2', '#248046', '#a86400', '#c93b3e', '#c73987', '#66707d', '#11806a', '#8a4ca3'];

export function avatarColor(id: string): string {
  let hash = 0;
  for (const character of id) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return COLORS[hash % COLORS.length] as string;
}

export function Avatar({ id, name, size = 'medium' }: { id: string; name: string; size?: 'small' | 'medium' | 'large' }) {
  const initials = name.trim().slice(0, 2).toUpperCase() || '?';
  return (
    <span className={`avatar avatar--${size} avatar--color-${COLORS.indexOf(avatarColor(id))}`} aria-hidden="true">
      {initials}
    </span>
  );
}

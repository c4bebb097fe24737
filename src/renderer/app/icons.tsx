/**
 * The few line icons the client draws (channel kinds, the DM home), as inline SVG: no
 * icon font and no emoji font needed, and nothing the page's CSP would refuse.
 */
import type { ReactNode } from 'react';

function Icon({ children, label, size = 18 }: { children: ReactNode; label?: string; size?: number }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" width={size} height={size} aria-hidden={label === undefined} aria-label={label} role={label ? 'img' : undefined}>
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">{children}</g>
    </svg>
  );
}

export const HashIcon = () => <Icon><path d="M9 3 7 21M17 3l-2 18M4 8h17M3 16h17" /></Icon>;
export const SpeakerIcon = () => <Icon><path d="M4 9v6h4l5 4V5L8 9H4z" /><path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" /></Icon>;
export const ThreadIcon = () => <Icon><path d="M6 4v9a4 4 0 0 0 4 4h9" /><path d="m15 13 4 4-4 4" /></Icon>;
export const MegaphoneIcon = () => <Icon><path d="M3 10v4h3l9 5V5L6 10H3z" /><path d="M18 9a3 3 0 0 1 0 6" /></Icon>;
export const ForumIcon = () => <Icon><path d="M4 5h13v9H8l-4 4z" /><path d="M20 9v11l-3-3h-7" /></Icon>;
export const AtIcon = () => <Icon><circle cx="12" cy="12" r="4" /><path d="M16 12v1.5a2.5 2.5 0 0 0 5 0V12a9 9 0 1 0-3.5 7.1" /></Icon>;
export const HomeIcon = () => <Icon><path d="M4 6h16v12H4z" /><path d="m4 7 8 6 8-6" /></Icon>;
export const KeyIcon = () => <Icon size={20}><circle cx="8" cy="15" r="4" /><path d="m10.8 12.2 8.2-8.2M16 7l3 3M14 9l2 2" /></Icon>;
export const GlobeIcon = () => <Icon size={20}><circle cx="12" cy="12" r="9" /><path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" /></Icon>;
export const EyeIcon = () => <Icon><path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" /><circle cx="12" cy="12" r="3" /></Icon>;
export const GearIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </Icon>
);
export const FileIcon = () => <Icon size={30}><path d="M6 2h8l5 5v15H6z" /><path d="M14 2v5h5M9 13h7M9 17h7" /></Icon>;
export const DownloadIcon = () => <Icon size={20}><path d="M12 4v11M7 10l5 5 5-5M5 20h14" /></Icon>;
export const RotateIcon = () => <Icon><path d="M8 3h8v18H8z" /><path d="M3 9a9 9 0 0 1 3-5M6 4H3v3" /></Icon>;
export const PictureInPictureIcon = () => <Icon><path d="M3 5h18v14H3z" /><path d="M12 12h7v5h-7z" /></Icon>;
export const ExpandIcon = () => <Icon><path d="M4 10V4h6M20 14v6h-6M4 4l7 7M20 20l-7-7" /></Icon>;

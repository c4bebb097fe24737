/**
 * The image viewer of the real client: pressing an image in a message (an attachment, an
 * embed's image or thumbnail, a gallery item, a section's thumbnail) opens it at full size,
 * bounded by the window, with its file name and an "Open in browser" link. It is a modal
 * dialog: the focus stays in it, Escape or the close button (or a click beside the image)
 * closes it, and the focus goes back to the image that opened it. Without a viewer around
 * (outside the message list), an image is a plain link to its file.
 */
import { createContext, useContext, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useDialogFocus } from '../../app/use-dialog-focus.js';
import { ExternalLink, safeHref } from './markdown/markdown-parts.js';
import { nameInUrl } from './media.js';
import './image-viewer.css';

/** What the viewer shows: the picture (`source`, proxied when it can be), the file's own address, its name. */
export interface ViewedImage {
  source: string;
  url: string;
  name: string;
  alt: string;
  width?: number | null;
  height?: number | null;
}

const ViewerContext = createContext<((image: ViewedImage) => void) | null>(null);

/** Gives the images inside it a viewer to open in. */
export function ImageViewerProvider({ children }: { children: ReactNode }) {
  const [image, setImage] = useState<ViewedImage | null>(null);
  return (
    <ViewerContext.Provider value={setImage}>
      {children}
      {image && <ImageViewerDialog image={image} onClose={() => setImage(null)} />}
    </ViewerContext.Provider>
  );
}

/** An image that opens in the viewer when pressed (click, Enter or Space); a plain link to the file without a viewer, or with a modifier key. */
export function ImageOpener({ image, className, testId, children }: { image: Omit<ViewedImage, 'name'> & { name?: string }; className: string; testId: string; children: ReactNode }) {
  const open = useContext(ViewerContext);
  const view = () => open?.({ ...image, name: image.name || nameInUrl(image.url) });
  const onClick = (event: MouseEvent) => {
    if (open === null || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    view();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Enter on a link is a click; Space is not, and the client opens the viewer for it too.
    if (open === null || event.key !== ' ') return;
    event.preventDefault();
    view();
  };
  return (
    <a className={className} href={image.url} target="_blank" rel="noreferrer noopener" data-testid={testId}
      aria-haspopup={open === null ? undefined : 'dialog'} onClick={onClick} onKeyDown={onKeyDown}>
      {children}
    </a>
  );
}

function ImageViewerDialog({ image, onClose }: { image: ViewedImage; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Opened once; unmounting takes it off the page (as NewMessageDialog does).
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);
  useDialogFocus(dialog, true);
  const href = safeHref(image.url);
  return (
    <dialog
      ref={dialog}
      className="image-viewer"
      aria-label={image.name}
      data-testid="image-viewer"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {/* First, so showModal gives it the focus (the corner of the window holds it). */}
      <button type="button" className="image-viewer__close" aria-label="Close" data-testid="image-viewer-close" data-autofocus onClick={onClose}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <img className="image-viewer__image" src={image.source} alt={image.alt} data-testid="image-viewer-image"
        {...(image.width && image.height ? { width: image.width, height: image.height } : {})} />
      <div className="image-viewer__bar">
        <span className="image-viewer__name" data-testid="image-viewer-name">{image.name}</span>
        {href && <ExternalLink href={href} className="image-viewer__open">Open in browser</ExternalLink>}
      </div>
    </dialog>
  );
}

/**
 * The shell's frame painted by portal/index.html before any script runs (issue #12). It shows only when
 * the page's boot script found a stored session on a shell route (`html.boot-shell`); the shell layout
 * covers it and removes it once mounted, and any other page (login, lock, errors) removes it at once.
 */
export function bootFrameShown(): boolean {
  return document.documentElement.classList.contains('boot-shell');
}

export function dropBootFrame(): void {
  document.getElementById('boot-frame')?.remove();
  document.documentElement.classList.remove('boot-shell');
}

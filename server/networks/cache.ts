// The partner networks the receiver has read, kept per process (docs/decisions/announced-after-commit.md,
// its decision's second paragraph): a network's postback would otherwise read its row on every request.
// A change to the networks table (an administrator's edit, a secret rotation, a network switched off)
// notifies the channel networks_changed at its commit (migration 0034), and every process forgets what
// it kept when it hears it; the console's call that made the change is answered once its own process
// has heard it (MemberAnswers.sync). The cache is used only while the process listens: without the
// listening connection every request reads the row, as before.
import type { StoredNetwork } from './repository';

/** The LISTEN channel of migration 0034's trigger. */
export const NETWORKS_CHANGED_CHANNEL = 'networks_changed';

/** Networks kept at most (a deployment has a handful; unknown slugs are never kept). */
const MAX_KEPT = 1000;

export class NetworkCache {
  private readonly bySlug = new Map<string, StoredNetwork>();
  private listening = false;
  /** Changes heard so far: a read that began before one is not kept. */
  private seq = 0;

  /** The listening connection is up (first, or again after a gap): start from nothing. */
  resume(): void {
    this.changed();
    this.listening = true;
  }

  /** The listening connection is lost: nothing is kept until `resume`. */
  suspend(): void {
    this.listening = false;
    this.changed();
  }

  /** A networks_changed notification. */
  changed(): void {
    this.seq++;
    this.bySlug.clear();
  }

  /** Networks kept now (tests). */
  get size(): number {
    return this.bySlug.size;
  }

  /** The network of `slug`, kept or read with `load` (and kept when nothing changed meanwhile). */
  async find(slug: string, load: (slug: string) => Promise<StoredNetwork | undefined>) {
    const kept = this.listening ? this.bySlug.get(slug) : undefined;
    if (kept) return kept;
    const ticket = this.seq;
    const network = await load(slug);
    if (network && this.listening && ticket === this.seq && this.bySlug.size < MAX_KEPT)
      this.bySlug.set(slug, network);
    return network;
  }
}

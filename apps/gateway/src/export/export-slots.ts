import { AppError } from '@lp/contracts';

/** Exports waiting for a slot, per slot: beyond it the server is overloaded and says so at once. */
const WAITING_PER_SLOT = 4;
/** Longest wait for a slot before the export is refused. */
const MAX_WAIT_MS = 30_000;

/**
 * At most `limit` exports are written at once by one gateway (ogr2ogr is CPU and disk work);
 * the next few wait their turn, and only past that queue or that wait is an export refused with
 * 503 service_unavailable. A waiting export whose client leaves gives up its place.
 */
export class ExportSlots {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async acquire(signal: AbortSignal): Promise<void> {
    if (this.active < this.limit) {
      this.active += 1;
      return;
    }
    if (this.waiting.length >= this.limit * WAITING_PER_SLOT) throw busy(this.active, this.waiting.length);
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', leave);
        resolve();
      };
      const give = (error: AppError) => {
        const index = this.waiting.indexOf(turn);
        if (index >= 0) this.waiting.splice(index, 1);
        signal.removeEventListener('abort', leave);
        clearTimeout(timer);
        reject(error);
      };
      const leave = () => give(new AppError('internal', 'export abandoned: the client went away'));
      const timer = setTimeout(() => give(busy(this.active, this.waiting.length)), MAX_WAIT_MS);
      signal.addEventListener('abort', leave, { once: true });
      this.waiting.push(turn);
    });
    // The releasing export handed its slot over: active stays the same.
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }
}

function busy(active: number, waiting: number): AppError {
  return new AppError('service_unavailable', `${active} exports are being written on this server and ${waiting} are waiting; try again in a minute`);
}

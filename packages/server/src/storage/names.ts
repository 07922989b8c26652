import { desc, eq, inArray } from 'drizzle-orm'
import type { Database } from './database.ts'
import { names, usedNameMessages } from './schema.ts'

/** A registered name as stored. */
export interface NameRecord {
  /** Full and lower-case: `alice.latch.id`. */
  name: string
  zone: string
  /** Lower-case. */
  address: string
  coinType: number
  attributes: Record<string, string>
  registeredAt: Date
  updatedAt: Date
}

export type NameRegistration = Omit<NameRecord, 'registeredAt' | 'updatedAt'> & {
  /** sha-256 of the signed message, hex: a message registers once. */
  messageHash: string
}

export type RegisterResult =
  | { status: 'registered'; record: NameRecord }
  | { status: 'taken' }
  | { status: 'replayed' }

export interface NameStore {
  /** Records the name and uses up its message, in one transaction: both or neither. */
  register(registration: NameRegistration): Promise<RegisterResult>
  get(name: string): Promise<NameRecord | undefined>
  /** Whether a message (by its hash) has registered a name already. */
  messageUsed(messageHash: string): Promise<boolean>
  /** The names of an address (lower-case), newest first. */
  listByAddress(address: string): Promise<NameRecord[]>
  /** Which of `candidates` are registered. */
  registered(candidates: readonly string[]): Promise<Set<string>>
}

/** Thrown inside the transaction to undo the message's use when the name is taken. */
class NameTaken extends Error {}

export function createNameStore(db: Database): NameStore {
  return {
    async register({ messageHash, ...record }) {
      try {
        return await db.transaction(async (tx): Promise<RegisterResult> => {
          const used = await tx
            .insert(usedNameMessages)
            .values({ messageHash })
            .onConflictDoNothing()
            .returning({ messageHash: usedNameMessages.messageHash })
          if (!used.length) return { status: 'replayed' }
          const [inserted] = await tx.insert(names).values(record).onConflictDoNothing().returning()
          if (!inserted) throw new NameTaken()
          return { status: 'registered', record: inserted }
        })
      } catch (error) {
        if (error instanceof NameTaken) return { status: 'taken' }
        throw error
      }
    },
    async get(name) {
      const [record] = await db.select().from(names).where(eq(names.name, name))
      return record
    },
    async messageUsed(messageHash) {
      const rows = await db
        .select({ messageHash: usedNameMessages.messageHash })
        .from(usedNameMessages)
        .where(eq(usedNameMessages.messageHash, messageHash))
      return rows.length > 0
    },
    listByAddress(address) {
      return db
        .select()
        .from(names)
        .where(eq(names.address, address))
        .orderBy(desc(names.registeredAt), desc(names.name))
    },
    async registered(candidates) {
      if (!candidates.length) return new Set()
      const rows = await db
        .select({ name: names.name })
        .from(names)
        .where(inArray(names.name, [...candidates]))
      return new Set(rows.map((row) => row.name))
    },
  }
}

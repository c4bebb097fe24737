/**
 * Running Activity instances, one per app and channel, with who is in them, in the store:
 * a person may launch on one process of a team and leave, or join, on another. Joining and
 * leaving read and write the instance in one transaction, so two people acting at once on
 * two processes never lose each other.
 */
import type { Sql } from './database.js';

export interface ActivityInstance {
  id: string;
  application_id: string;
  channel_id: string;
  guild_id: string | null;
  /** User ids, in the order they joined. */
  participants: string[];
  started_at: number;
}

interface InstanceRow {
  id: string;
  application_id: string;
  channel_id: string;
  guild_id: string | null;
  participants: string;
  started_at: number;
}

const COLUMNS = 'id, application_id, channel_id, guild_id, participants, started_at';

function decode(row: InstanceRow): ActivityInstance {
  return { ...row, participants: JSON.parse(row.participants) as string[] };
}

export class ActivityStore {
  constructor(private readonly sql: Sql) {}

  async inChannel(applicationId: string, channelId: string): Promise<ActivityInstance | undefined> {
    const row = await this.sql.get<InstanceRow>(`SELECT ${COLUMNS} FROM activity_instances WHERE application_id = ? AND channel_id = ?`, applicationId, channelId);
    return row && decode(row);
  }

  async byId(id: string): Promise<ActivityInstance | undefined> {
    const row = await this.sql.get<InstanceRow>(`SELECT ${COLUMNS} FROM activity_instances WHERE id = ?`, id);
    return row && decode(row);
  }

  /** The running instances a person is in. */
  async of(userId: string): Promise<ActivityInstance[]> {
    // Participants are few per instance and instances few: read them all, match in memory (portable over both backends' JSON).
    return (await this.sql.all<InstanceRow>(`SELECT ${COLUMNS} FROM activity_instances ORDER BY started_at, id`))
      .map(decode).filter((instance) => instance.participants.includes(userId));
  }

  /** Every running instance (a client's READY names those it can see). */
  async running(): Promise<ActivityInstance[]> {
    return (await this.sql.all<InstanceRow>(`SELECT ${COLUMNS} FROM activity_instances ORDER BY started_at, id`)).map(decode);
  }

  /** The app's running instances (the Activity proxy tells their people what it refused). */
  async ofApplication(applicationId: string): Promise<ActivityInstance[]> {
    return (await this.sql.all<InstanceRow>(`SELECT ${COLUMNS} FROM activity_instances WHERE application_id = ? ORDER BY started_at, id`, applicationId)).map(decode);
  }

  /** Writes the instance; with no participants left it ends (is removed). */
  async put(instance: ActivityInstance): Promise<void> {
    if (instance.participants.length === 0) {
      await this.sql.run('DELETE FROM activity_instances WHERE id = ?', instance.id);
      return;
    }
    await this.sql.run(
      `INSERT INTO activity_instances (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET participants = excluded.participants`,
      instance.id, instance.application_id, instance.channel_id, instance.guild_id, JSON.stringify(instance.participants), instance.started_at,
    );
  }
}

/** Kafka topic names, declared once. Each has a dead-letter twin `<topic>.dlq`. */
export const TOPICS = {
  orderPlaced: 'order-placed',
  orderStatusChanged: 'order-status-changed',
  roleChanged: 'role-changed',
  userDeleted: 'user-deleted',
  productChanged: 'product-changed',
} as const;
export type Topic = (typeof TOPICS)[keyof typeof TOPICS];

export function deadLetterTopic(topic: string): string {
  return `${topic}.dlq`;
}

/**
 * The address of a project's chat room: /chatroom opens the room named by ?order=&project=
 * (ProjectChatRoom). Project cards and notification mails link here. No imports, so linking to a
 * room does not pull the chat code into the linking page's chunk.
 */
export function projectChatPath(order: string, project: string): string {
  return `/chatroom?${new URLSearchParams({ order, project })}`;
}

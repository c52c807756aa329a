// The console's reads and actions, for src/features/admin: straight requests, online only.
// Nothing here writes IndexedDB (see README.md): other users' data stays off the operator's device.
export {
  approveItem,
  listQueue,
  rejectItem,
  type AdminWithdrawalView,
  type QueueItems,
  type QueueName,
  type WithdrawalApprovalView,
} from "../../api/admin/review";
export {
  checkLedger,
  editLink,
  listLinks,
  listAudit,
  listMailbox,
  listSubscriptions,
  sendNewsletter,
  readServiceStatus,
  sendUserMessage,
  setUserLock,
  subscriptionsCsv,
  uploadImage,
  type AdminLinkView,
  type AuditFilters,
  type LedgerCheckView,
  type ServiceStatusView,
} from "../../api/admin/operations";
export { ApiError } from "../../api/errors";
export { lookUpChainTransaction, readChainBalances } from "../../api/admin/chain";
export {
  listUserBills,
  readUser,
  searchUsers,
  sendMessageToAll,
  type AdminUserDetail,
  type AdminUserItem,
  type MessageBroadcast,
} from "../../api/admin/users";
export {
  deleteArticle,
  editSetting,
  fundPromotions,
  listArticles,
  listSettings,
  readArticle,
  readPromotions,
  saveArticle,
  type AdminArticleItemView,
  type AdminArticleView,
  type AdminSetting,
  type ArticleDraft,
  type ArticleTextView,
  type PromotionsBudgetView,
} from "../../api/admin/content";

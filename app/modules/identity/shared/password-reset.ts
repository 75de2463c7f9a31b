// What the password-reset pages say (shared by the service and the pages).

export const RESET_LINK_SENT =
  "If an account exists for that email, we have sent it a link to choose a new password. The link works once, within one hour.";
export const RESET_LINK_INVALID =
  "This password reset link is invalid, has expired or has been used already. Please ask for a new one.";
export const PASSWORD_CHANGED = "Your password has been changed. You are signed in.";

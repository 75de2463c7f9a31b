// A store process for the crash tests (tests/integration/mail-crash.test.ts), killed with SIGKILL by the test:
//   place-order <userId> <addressId> <productId>   places a cash order (its mails are committed with it),
//                                                  prints "committed <orderId>", and waits to be killed
//   send                                           starts delivering the outbox and is killed mid-send
//   deliver [<now>]                                delivers what is due (at time <now>, a lapsed lease), prints
//                                                  "delivered <json report>" and exits (one of several senders)
import { deliverPendingMail } from "#app/modules/mail/index.server.ts";
import { placeOrder } from "#app/modules/orders/index.server.ts";

const [mode, userId, addressId, productId] = process.argv.slice(2);
// Alive until killed.
setInterval(() => {}, 60_000);
if (mode === "place-order") {
  const { order } = await placeOrder({
    userId: userId!,
    addressId,
    paymentType: "COD",
    items: [{ productId: productId!, quantity: 1 }],
  });
  process.stdout.write(`committed ${order.id}\n`);
} else if (mode === "send") {
  await deliverPendingMail();
  process.stdout.write("the send finished: the test should have killed this process before\n");
} else if (mode === "deliver") {
  const at = userId ? Number(userId) : undefined;
  const report = await deliverPendingMail(at === undefined ? {} : { now: () => at });
  process.stdout.write(`delivered ${JSON.stringify(report)}\n`);
  process.exit(0);
} else {
  throw new Error(`unknown mode ${mode}`);
}

package dev.kensho.kinesis.batch;

import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.kinesis.model.PutRecordsRequest;
import software.amazon.awssdk.services.kinesis.model.PutRecordsRequestEntry;
import software.amazon.awssdk.services.kinesis.model.PutRecordsResponse;
import software.amazon.awssdk.services.kinesis.model.PutRecordsResultEntry;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Test-only fault injection, as the real service does it: a PutRecords call partly fails. Before the
 * request is sent, every {@code every}-th entry (while the budget lasts) is taken out of it — so those
 * records are really not written — and the emulator's answer gets a failed result entry with
 * {@code errorCode} at each of their positions and a matching {@code FailedRecordCount}. kinesalite
 * itself never fails single entries.
 */
final class FailingEntries implements ExecutionInterceptor {

    private static final ExecutionAttribute<boolean[]> MASK = new ExecutionAttribute<>("kensho.failedEntries");

    private final String errorCode;
    private final int every;
    private final AtomicInteger budget;
    final AtomicInteger injected = new AtomicInteger();

    FailingEntries(String errorCode, int every, int budget) {
        this.errorCode = errorCode;
        this.every = every;
        this.budget = new AtomicInteger(budget);
    }

    @Override
    public SdkRequest modifyRequest(Context.ModifyRequest ctx, ExecutionAttributes attrs) {
        if (!(ctx.request() instanceof PutRecordsRequest r)) {
            return ctx.request();
        }
        List<PutRecordsRequestEntry> in = r.records();
        boolean[] mask = new boolean[in.size()];
        List<PutRecordsRequestEntry> kept = new ArrayList<>();
        int failed = 0;
        for (int i = 0; i < in.size(); i++) {
            // keep at least the last entry: the service rejects an empty PutRecords
            boolean last = i == in.size() - 1 && kept.isEmpty();
            if (!last && i % every == 0 && budget.getAndDecrement() > 0) {
                mask[i] = true;
                failed++;
            } else {
                kept.add(in.get(i));
            }
        }
        if (failed == 0) {
            return r;
        }
        injected.addAndGet(failed);
        attrs.putAttribute(MASK, mask);
        return r.toBuilder().records(kept).build();
    }

    @Override
    public SdkResponse modifyResponse(Context.ModifyResponse ctx, ExecutionAttributes attrs) {
        boolean[] mask = attrs.getAttribute(MASK);
        if (mask == null || !(ctx.response() instanceof PutRecordsResponse resp)) {
            return ctx.response();
        }
        List<PutRecordsResultEntry> merged = new ArrayList<>(mask.length);
        int next = 0;
        int failed = resp.failedRecordCount() == null ? 0 : resp.failedRecordCount();
        for (boolean m : mask) {
            if (m) {
                merged.add(PutRecordsResultEntry.builder().errorCode(errorCode)
                        .errorMessage("injected by the test: " + errorCode).build());
                failed++;
            } else {
                merged.add(resp.records().get(next++));
            }
        }
        return resp.toBuilder().records(merged).failedRecordCount(failed).build();
    }
}

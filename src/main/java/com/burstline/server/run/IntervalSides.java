package com.burstline.server.run;

import com.burstline.contract.Direction;
import com.burstline.iperf.Side;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Picks one side's interval rows. What arrived is the receiver's report: for each direction the receiver's rows when
 * the run has them ({@code --get-server-output}, and every download, whose client receives), the sender's otherwise
 * (an upload made without the server's output). Charts, findings and the API's default all read through here.
 */
public final class IntervalSides {
    private IntervalSides() {
    }

    /** For each direction the receiver's rows if there are any, else the sender's. */
    public static List<IntervalRow> received(List<IntervalRow> rows) {
        Set<Direction> received = rows.stream().filter(row -> row.sample().side() == Side.RECEIVER)
                .map(row -> row.sample().direction()).collect(Collectors.toSet());
        return rows.stream().filter(row -> row.sample().side() == Side.RECEIVER
                || !received.contains(row.sample().direction())).toList();
    }

    /** @param side {@code sender}, {@code receiver}, or null for {@link #received} */
    static List<IntervalRow> of(List<IntervalRow> rows, String side) {
        if (side == null) {
            return received(rows);
        }
        Side wanted;
        try {
            wanted = Side.fromApiName(side);
        } catch (IllegalArgumentException e) {
            throw new InvalidRunInputException(e.getMessage());
        }
        return rows.stream().filter(row -> row.sample().side() == wanted).toList();
    }
}

/// The named steps of `Statistics.compute`, in the order it takes them:
/// a tally of the selected changes, their sessions' hours grouped by row,
/// the robust filter, then one row of the table per location.
extension Statistics {
    /// The first pass over the history: each selected change counted at
    /// its row, and a bit for each completed session, so the later passes
    /// need not ask `include` again.
    struct ChangeTally {
        /// A change names its location by header order: an array lookup
        /// rather than hashing a name per change. -1 for no row.
        var slotByOrder: [Int]
        var usesAt: [Int]
        /// The last change at each row, all-time (the range selects
        /// sessions only), as an index into the journal's changes.
        var lastAt: [Int?]
        /// Completed sessions of the selection at each row.
        var counts: [Int]
        var selectedCount = 0, repeatedChanges = 0, probableDuplicates = 0
        /// Which changes are a completed session of the selection.
        var completedBits: [UInt64]

        /// `from`: the first change `include` can pick (earlier ones are
        /// skipped unread, and so is their "last used", which the caller
        /// does not read).
        init(_ journal: Journal, include: ((SiteChange) -> Bool)?, now: Instant, from first: Int = 0) {
            let all = journal.locations
            var slotByOrder = [Int](repeating: -1, count: max(journal.locationNames.count, (all.map(\.order).max() ?? -1) + 1))
            for (i, l) in all.enumerated() where l.order >= 0 { slotByOrder[l.order] = i }
            var usesAt = [Int](repeating: 0, count: all.count)
            var lastAt = [Int?](repeating: nil, count: all.count)
            var counts = [Int](repeating: 0, count: all.count)
            var selectedCount = 0, repeatedChanges = 0, probableDuplicates = 0
            let changes = journal.changes
            var completedBits = [UInt64](repeating: 0, count: (changes.count + 63) / 64)
            // Read in place: copying each change was a third of this loop.
            // The tallies written through their buffers too: a check of
            // each array's ownership on every write.
            withBuffers(&lastAt, &usesAt, &counts, &completedBits) { lastAt, usesAt, counts, completedBits in
                changes.withUnsafeBufferPointer { buffer in
                    for i in min(first, buffer.count)..<buffer.count {
                        guard !buffer[i].isRemoval, buffer[i].start <= now else { continue }
                        let order = Int(buffer[i].locationIndex)
                        let s = order < slotByOrder.count ? slotByOrder[order] : -1
                        guard s >= 0 else { continue }
                        lastAt[s] = i  // "last used" is all-time: the range selects sessions only
                        if let include, !include(buffer[i]) { continue }
                        // The same change logged twice: one change, no session.
                        if i + 1 < buffer.count, buffer[i + 1].start <= now, buffer[i].isRepeated(by: buffer[i + 1]) {
                            repeatedChanges += 1
                            if buffer[i + 1].isProbableDuplicate(of: buffer[i]) { probableDuplicates += 1 }
                            continue
                        }
                        selectedCount += 1
                        usesAt[s] += 1
                        guard let end = buffer[i].end, end <= now else { continue }
                        counts[s] += 1
                        completedBits[i >> 6] |= 1 << UInt64(i & 63)
                    }
                }
            }
            self.slotByOrder = slotByOrder
            self.usesAt = usesAt
            self.lastAt = lastAt
            self.counts = counts
            self.selectedCount = selectedCount
            self.repeatedChanges = repeatedChanges
            self.probableDuplicates = probableDuplicates
            self.completedBits = completedBits
        }

        /// Each completed session of the selection, in time order: its row,
        /// its hours and the change's index.
        @inline(__always)
        func forEachSession(_ changes: [SiteChange], _ body: (_ row: Int, _ hours: Double, _ index: Int) -> Void) {
            changes.withUnsafeBufferPointer { buffer in
                for (w, word) in completedBits.enumerated() where word != 0 {
                    var bits = word
                    while bits != 0 {
                        let i = w << 6 | bits.trailingZeroBitCount
                        bits &= bits - 1
                        body(slotByOrder[Int(buffer[i].locationIndex)], buffer[i].start.hours(until: buffer[i].end!), i)
                    }
                }
            }
        }
    }

    /// Every completed session's hours, grouped by row and in time order
    /// within each: row s's sessions are `hours[rowStart[s] ..<
    /// rowStart[s + 1]]`, with whether `removed` ended each beside them.
    struct SessionRows {
        var rowStart = [0]
        var hours: [Double]
        var endedByBreak: [Bool]
        /// Longer than `longLimit`: probably a change never logged.
        var longSessions = 0
        /// The sum of every session's hours, added in time order.
        var sumInTimeOrder = 0.0
        var total: Int { rowStart[rowStart.count - 1] }

        init(_ tally: ChangeTally, _ changes: [SiteChange], longLimit: Double) {
            for n in tally.counts { rowStart.append(rowStart[rowStart.count - 1] + n) }
            let total = rowStart[rowStart.count - 1]
            let starts = rowStart
            var next = starts
            var longSessions = 0
            var sumInTimeOrder = 0.0
            var endedByBreak: [Bool] = []
            // Each slot written once, never zeroed first: every completed
            // session is one slot (`counts` and the bits are set together).
            // Zeroing them was a pass of its own over 900 KB at 100,000
            // entries (its page faults now come with the writes). Written
            // through the buffers: a check of each array's ownership on
            // every write was most of this pass.
            let hours = [Double](unsafeUninitializedCapacity: total) { hoursOut, hoursWritten in
                // Written in row order, not one page after another: its
                // pages made in one request (at 100,000 entries, 200 faults).
                if let base = hoursOut.baseAddress { Memory.prepareForWriting(base, total * MemoryLayout<Double>.stride) }
                endedByBreak = [Bool](unsafeUninitializedCapacity: total) { endedOut, endedWritten in
                    next.withUnsafeMutableBufferPointer { nextOut in
                        tally.forEachSession(changes) { s, h, i in
                            let at = nextOut[s]
                            nextOut[s] = at + 1
                            hoursOut[at] = h
                            endedOut[at] = i + 1 < changes.count && changes[i + 1].isRemoval
                            if h > longLimit { longSessions += 1 }
                            sumInTimeOrder += h
                        }
                    }
                    precondition(next.dropLast() == starts.dropFirst(), "a row's sessions were not all written")
                    endedWritten = total
                }
                hoursWritten = total
            }
            self.hours = hours
            self.endedByBreak = endedByBreak
            self.longSessions = longSessions
            self.sumInTimeOrder = sumInTimeOrder
        }
    }

    /// Which sessions count. Robust mode sets sessions aside by one rule
    /// for the whole history, so the rows add up to the overall figures.
    /// Without it every session counts, and nothing is filtered (or
    /// copied) to say so.
    struct SessionFilter {
        let robust: Bool
        var fence = -Double.infinity

        init(robust: Bool, hours: [Double]) {
            self.robust = robust
            if robust { fence = lowFence(hours.filter { $0 >= failedSessionHours }) }
        }

        @inline(__always) func keep(_ h: Double) -> Bool { !robust || (h >= failedSessionHours && h >= fence) }

        /// The sessions that count and their sum, added in time order (the
        /// overall mean's order).
        func overallTotals(_ rows: SessionRows, _ tally: ChangeTally, _ changes: [SiteChange]) -> (Int, Double) {
            guard robust else { return (rows.total, rows.sumInTimeOrder) }
            var count = 0, sum = 0.0
            tally.forEachSession(changes) { _, h, _ in
                if keep(h) {
                    sum += h
                    count += 1
                }
            }
            return (count, sum)
        }

        /// The median of the sessions in `hours[range]` that count,
        /// selecting in place when all of them do.
        func median(_ hours: inout [Double], in range: Range<Int>) -> Double? {
            guard robust else { return OrderStatistics.median(inPlace: &hours, in: range) }
            var kept = hours[range].filter(keep)
            return OrderStatistics.median(inPlace: &kept)
        }
    }

    /// What each site is compared against, gathered row by row as the
    /// rows read their sessions, each row in time order (the order of the
    /// sum). A session cut short by `removed` (a pump break) is no site
    /// failure: the absorption comparison leaves it out, on both sides.
    struct Reference {
        var sum = 0.0, count = 0
        /// Robust: the sessions compared, for their median.
        var sessions: [Double] = []
        /// Sessions that count and that `removed` ended.
        var endedByRemoval = 0

        /// The overall figure a site is compared against: the mean (robust:
        /// the median) of every session that counts and was not ended by
        /// `removed`; nil without any.
        func value(robust: Bool) -> Double? {
            robust ? Statistics.median(sessions) : (count == 0 ? nil : sum / Double(count))
        }
    }

    /// Row `s` of the table: `location`'s uses, its sessions that count
    /// and their figures, and what its absorption compares (its mean, or
    /// robust its median, of the sessions not ended by `removed`; nil
    /// below `absorptionMinimumSessions`). Its sessions are added to
    /// `reference` on the way.
    static func row(_ s: Int, _ location: Location, tally: ChangeTally, sessions rows: inout SessionRows,
                    counting: SessionFilter, changes: [SiteChange], rested: Int?,
                    reference: inout Reference) -> (PerLocation, Double?) {
        let range = rows.rowStart[s]..<rows.rowStart[s + 1]
        // This row's sessions that count, in time order: their sum and
        // extremes, and those the comparison uses (their median when
        // robust, else their mean).
        var sum = 0.0, count = 0
        var lowest = Double.infinity, highest = -Double.infinity
        var mine: [Double] = []
        var mineSum = 0.0, mineCount = 0
        // The running sum every site is compared against goes on from the
        // rows before, session by session.
        var referenceSum = reference.sum, endedByRemoval = 0
        // Read through the buffers, the extremes as plain numbers: a
        // check of the arrays and two optionals per session were most of
        // this loop.
        rows.hours.withUnsafeBufferPointer { hours in
            rows.endedByBreak.withUnsafeBufferPointer { endedByBreak in
                for k in range where counting.keep(hours[k]) {
                    let h = hours[k]
                    sum += h
                    count += 1
                    lowest = min(lowest, h)
                    highest = max(highest, h)
                    if !endedByBreak[k] {
                        if counting.robust { mine.append(h) } else { referenceSum += h }
                        mineSum += h
                        mineCount += 1
                    } else {
                        endedByRemoval += 1
                    }
                }
            }
        }
        reference.endedByRemoval += endedByRemoval
        if counting.robust { reference.sessions += mine } else {
            reference.sum = referenceSum
            reference.count += mineCount
        }
        let shortest = count == 0 ? nil : lowest, longest = count == 0 ? nil : highest
        // The median selects in place within the row: its sums are done.
        let median = counting.median(&rows.hours, in: range)
        let last = tally.lastAt[s].map { changes[$0] }
        var entry = PerLocation(
            location: location, uses: tally.usesAt[s], completed: count, excluded: range.count - count, lastUse: last,
            daysSinceLastUse: rested, absorption: nil,
            average: count == 0 ? nil : sum / Double(count), median: median, shortest: shortest, longest: longest)
        entry.comparedSessions = mineCount
        guard mineCount >= absorptionMinimumSessions else { return (entry, nil) }
        return (entry, counting.robust ? Statistics.median(mine) : mineSum / Double(mineCount))
    }
}

/// Four arrays written through their buffers at once.
@inline(__always)
private func withBuffers<A, B, C, D>(_ a: inout [A], _ b: inout [B], _ c: inout [C], _ d: inout [D],
                                     _ body: (UnsafeMutableBufferPointer<A>, UnsafeMutableBufferPointer<B>,
                                              UnsafeMutableBufferPointer<C>, UnsafeMutableBufferPointer<D>) -> Void) {
    a.withUnsafeMutableBufferPointer { a in
        b.withUnsafeMutableBufferPointer { b in
            c.withUnsafeMutableBufferPointer { c in
                d.withUnsafeMutableBufferPointer { d in body(a, b, c, d) }
            }
        }
    }
}

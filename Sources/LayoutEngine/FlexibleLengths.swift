// CSS Flexbox §9.7 Resolving Flexible Lengths, for the items of one line.

extension LayoutContext {
    /// §9.7 for the items `start..<end` of one line, whose content main size is `mainInner`.
    ///
    /// Each pass of the step 4 loop freezes at least one item when its numbers are finite
    /// (a non-zero total violation has items of its sign; a zero one freezes them all), so
    /// the loop runs at most once per item. A pass that freezes none has met NaN: the loop
    /// stops, every item keeps its target, and the container is reported as unresolved.
    func resolveFlexibleLengths(container: NodeID, _ start: Int, _ end: Int, mainInner: Double, gap: Double,
                                _ ctx: FlexContext) {
        let gaps = gap * Double(Swift.max(0, end - start - 1))
        // Step 1: determine the used flex factor.
        var sumHypothetical = gaps
        for i in start..<end { sumHypothetical += items[i].hypotheticalMain + items[i].margin.main }
        let growing = sumHypothetical < mainInner

        // Step 2: size inflexible items.
        for i in start..<end {
            let factor = growing ? items[i].grow : items[i].shrink
            if factor == 0 || (growing && items[i].base > items[i].hypotheticalMain)
                || (!growing && items[i].base < items[i].hypotheticalMain) {
                items[i].target = items[i].hypotheticalMain
                items[i].frozen = true
            } else {
                items[i].target = items[i].base
                items[i].frozen = false
            }
        }

        // Step 3: calculate initial free space.
        var initialFree = mainInner - gaps
        for i in start..<end {
            initialFree -= (items[i].frozen ? items[i].target : items[i].base) + items[i].margin.main
        }

        // Step 4: loop (at most once per item, plus the pass that finds none unfrozen).
        for _ in 0...(end - start) {
            // a. Check for flexible items.
            var unfrozen = 0
            var sumFactors = 0.0
            var sumScaledShrink = 0.0
            var used = gaps
            for i in start..<end {
                if items[i].frozen {
                    used += items[i].target + items[i].margin.main
                } else {
                    unfrozen += 1
                    used += items[i].base + items[i].margin.main
                    sumFactors += growing ? items[i].grow : items[i].shrink
                    sumScaledShrink += items[i].shrink * (items[i].base - items[i].pbMain)
                }
            }
            if unfrozen == 0 { break }

            // b. Calculate the remaining free space.
            var free = mainInner - used
            if sumFactors < 1 {
                let scaled = initialFree * sumFactors
                if abs(scaled) < abs(free) { free = scaled }
            }

            // c. Distribute free space proportional to the flex factors.
            for i in start..<end where !items[i].frozen {
                var target = items[i].base
                if free.isFinite && free != 0 {
                    if growing {
                        if sumFactors > 0 { target = items[i].base + free * items[i].grow / sumFactors }
                    } else if sumScaledShrink > 0 {
                        target = items[i].base
                            + free * (items[i].shrink * (items[i].base - items[i].pbMain)) / sumScaledShrink
                    }
                }
                items[i].target = target
            }

            // d. Fix min/max violations.
            var totalViolation = 0.0
            for i in start..<end where !items[i].frozen {
                var minMain = items[i].minMain
                if minMain.isNaN {
                    minMain = (growing && !items[i].explicitBasis) ? 0 : automaticMinimum(i, ctx)
                }
                let target = items[i].target
                let clamped = clamp(target, min: minMain, max: items[i].maxMain, floor: items[i].pbMain)
                items[i].violation = clamped - target
                items[i].target = clamped
                totalViolation += clamped - target
            }

            // e. Freeze over-flexed items.
            var froze = false
            for i in start..<end where !items[i].frozen {
                let v = items[i].violation
                if totalViolation == 0 || (totalViolation > 0 && v > 0) || (totalViolation < 0 && v < 0) {
                    items[i].frozen = true
                    froze = true
                }
            }
            if !froze {
                fail(.flexibleLengthsUnresolved(node: container, name: tree.names[container]))
                for i in start..<end { items[i].frozen = true }
                return
            }
        }
    }
}

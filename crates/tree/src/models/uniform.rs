//! The shape the uniform models share — `random`, `dependent`, `worst` and `branch-sum`:
//! `d` children at every depth above `h`, none at `h`, and a node that knows its depth.
//! `ordered` has variable branching and terminal nodes, so a shape of its own.

/// `d` and `h` of a uniform tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Uniform {
    /// `d`: children of every internal node.
    pub(crate) degree: u32,
    /// `h`: depth of the leaves.
    pub(crate) height: u32,
}

impl Uniform {
    /// Children of a node at `depth`: `d` above the leaves, none at them.
    #[inline(always)]
    pub(crate) fn degree_at(self, depth: u32) -> usize {
        if depth < self.height {
            self.degree as usize
        } else {
            0
        }
    }
}

/// A model whose tree is uniform.
pub(crate) trait UniformShape {
    /// Its `d` and `h`.
    fn shape(&self) -> Uniform;
}

/// `GameTree`'s `height`, `max_degree`, `depth` and `degree` for a uniform model whose
/// node type `$node` has a `depth` field: written once here, not once per model.
macro_rules! uniform_shape_methods {
    ($node:ty) => {
        #[inline(always)]
        fn height(&self) -> u32 {
            $crate::models::uniform::UniformShape::shape(self).height
        }

        #[inline(always)]
        fn max_degree(&self) -> usize {
            $crate::models::uniform::UniformShape::shape(self).degree as usize
        }

        #[inline(always)]
        fn depth(&self, node: $node) -> u32 {
            node.depth
        }

        #[inline(always)]
        fn degree(&self, node: $node) -> usize {
            $crate::models::uniform::UniformShape::shape(self).degree_at(node.depth)
        }
    };
}
pub(crate) use uniform_shape_methods;

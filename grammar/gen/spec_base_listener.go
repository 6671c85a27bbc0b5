// Code generated from Spec.g4 by ANTLR 4.13.1. DO NOT EDIT.

package gen // Spec
import "github.com/antlr4-go/antlr/v4"

// BaseSpecListener is a complete listener for a parse tree produced by SpecParser.
type BaseSpecListener struct{}

var _ SpecListener = &BaseSpecListener{}

// VisitTerminal is called when a terminal node is visited.
func (s *BaseSpecListener) VisitTerminal(node antlr.TerminalNode) {}

// VisitErrorNode is called when an error node is visited.
func (s *BaseSpecListener) VisitErrorNode(node antlr.ErrorNode) {}

// EnterEveryRule is called when any rule is entered.
func (s *BaseSpecListener) EnterEveryRule(ctx antlr.ParserRuleContext) {}

// ExitEveryRule is called when any rule is exited.
func (s *BaseSpecListener) ExitEveryRule(ctx antlr.ParserRuleContext) {}

// EnterFile is called when production file is entered.
func (s *BaseSpecListener) EnterFile(ctx *FileContext) {}

// ExitFile is called when production file is exited.
func (s *BaseSpecListener) ExitFile(ctx *FileContext) {}

// EnterProperty is called when production property is entered.
func (s *BaseSpecListener) EnterProperty(ctx *PropertyContext) {}

// ExitProperty is called when production property is exited.
func (s *BaseSpecListener) ExitProperty(ctx *PropertyContext) {}

// EnterParamList is called when production paramList is entered.
func (s *BaseSpecListener) EnterParamList(ctx *ParamListContext) {}

// ExitParamList is called when production paramList is exited.
func (s *BaseSpecListener) ExitParamList(ctx *ParamListContext) {}

// EnterParam is called when production param is entered.
func (s *BaseSpecListener) EnterParam(ctx *ParamContext) {}

// ExitParam is called when production param is exited.
func (s *BaseSpecListener) ExitParam(ctx *ParamContext) {}

// EnterTypeName is called when production typeName is entered.
func (s *BaseSpecListener) EnterTypeName(ctx *TypeNameContext) {}

// ExitTypeName is called when production typeName is exited.
func (s *BaseSpecListener) ExitTypeName(ctx *TypeNameContext) {}

// EnterEventDecl is called when production eventDecl is entered.
func (s *BaseSpecListener) EnterEventDecl(ctx *EventDeclContext) {}

// ExitEventDecl is called when production eventDecl is exited.
func (s *BaseSpecListener) ExitEventDecl(ctx *EventDeclContext) {}

// EnterBeforeAdvice is called when production beforeAdvice is entered.
func (s *BaseSpecListener) EnterBeforeAdvice(ctx *BeforeAdviceContext) {}

// ExitBeforeAdvice is called when production beforeAdvice is exited.
func (s *BaseSpecListener) ExitBeforeAdvice(ctx *BeforeAdviceContext) {}

// EnterAfterAdvice is called when production afterAdvice is entered.
func (s *BaseSpecListener) EnterAfterAdvice(ctx *AfterAdviceContext) {}

// ExitAfterAdvice is called when production afterAdvice is exited.
func (s *BaseSpecListener) ExitAfterAdvice(ctx *AfterAdviceContext) {}

// EnterPatternDecl is called when production patternDecl is entered.
func (s *BaseSpecListener) EnterPatternDecl(ctx *PatternDeclContext) {}

// ExitPatternDecl is called when production patternDecl is exited.
func (s *BaseSpecListener) ExitPatternDecl(ctx *PatternDeclContext) {}

// EnterPcOr is called when production pcOr is entered.
func (s *BaseSpecListener) EnterPcOr(ctx *PcOrContext) {}

// ExitPcOr is called when production pcOr is exited.
func (s *BaseSpecListener) ExitPcOr(ctx *PcOrContext) {}

// EnterPcNot is called when production pcNot is entered.
func (s *BaseSpecListener) EnterPcNot(ctx *PcNotContext) {}

// ExitPcNot is called when production pcNot is exited.
func (s *BaseSpecListener) ExitPcNot(ctx *PcNotContext) {}

// EnterPcDesignator is called when production pcDesignator is entered.
func (s *BaseSpecListener) EnterPcDesignator(ctx *PcDesignatorContext) {}

// ExitPcDesignator is called when production pcDesignator is exited.
func (s *BaseSpecListener) ExitPcDesignator(ctx *PcDesignatorContext) {}

// EnterPcParen is called when production pcParen is entered.
func (s *BaseSpecListener) EnterPcParen(ctx *PcParenContext) {}

// ExitPcParen is called when production pcParen is exited.
func (s *BaseSpecListener) ExitPcParen(ctx *PcParenContext) {}

// EnterPcAnd is called when production pcAnd is entered.
func (s *BaseSpecListener) EnterPcAnd(ctx *PcAndContext) {}

// ExitPcAnd is called when production pcAnd is exited.
func (s *BaseSpecListener) ExitPcAnd(ctx *PcAndContext) {}

// EnterDCall is called when production dCall is entered.
func (s *BaseSpecListener) EnterDCall(ctx *DCallContext) {}

// ExitDCall is called when production dCall is exited.
func (s *BaseSpecListener) ExitDCall(ctx *DCallContext) {}

// EnterDExecution is called when production dExecution is entered.
func (s *BaseSpecListener) EnterDExecution(ctx *DExecutionContext) {}

// ExitDExecution is called when production dExecution is exited.
func (s *BaseSpecListener) ExitDExecution(ctx *DExecutionContext) {}

// EnterDGet is called when production dGet is entered.
func (s *BaseSpecListener) EnterDGet(ctx *DGetContext) {}

// ExitDGet is called when production dGet is exited.
func (s *BaseSpecListener) ExitDGet(ctx *DGetContext) {}

// EnterDSet is called when production dSet is entered.
func (s *BaseSpecListener) EnterDSet(ctx *DSetContext) {}

// ExitDSet is called when production dSet is exited.
func (s *BaseSpecListener) ExitDSet(ctx *DSetContext) {}

// EnterDTarget is called when production dTarget is entered.
func (s *BaseSpecListener) EnterDTarget(ctx *DTargetContext) {}

// ExitDTarget is called when production dTarget is exited.
func (s *BaseSpecListener) ExitDTarget(ctx *DTargetContext) {}

// EnterDArgs is called when production dArgs is entered.
func (s *BaseSpecListener) EnterDArgs(ctx *DArgsContext) {}

// ExitDArgs is called when production dArgs is exited.
func (s *BaseSpecListener) ExitDArgs(ctx *DArgsContext) {}

// EnterDLocation is called when production dLocation is entered.
func (s *BaseSpecListener) EnterDLocation(ctx *DLocationContext) {}

// ExitDLocation is called when production dLocation is exited.
func (s *BaseSpecListener) ExitDLocation(ctx *DLocationContext) {}

// EnterDLock is called when production dLock is entered.
func (s *BaseSpecListener) EnterDLock(ctx *DLockContext) {}

// ExitDLock is called when production dLock is exited.
func (s *BaseSpecListener) ExitDLock(ctx *DLockContext) {}

// EnterDUnlock is called when production dUnlock is entered.
func (s *BaseSpecListener) EnterDUnlock(ctx *DUnlockContext) {}

// ExitDUnlock is called when production dUnlock is exited.
func (s *BaseSpecListener) ExitDUnlock(ctx *DUnlockContext) {}

// EnterDVolatile is called when production dVolatile is entered.
func (s *BaseSpecListener) EnterDVolatile(ctx *DVolatileContext) {}

// ExitDVolatile is called when production dVolatile is exited.
func (s *BaseSpecListener) ExitDVolatile(ctx *DVolatileContext) {}

// EnterDWithin is called when production dWithin is entered.
func (s *BaseSpecListener) EnterDWithin(ctx *DWithinContext) {}

// ExitDWithin is called when production dWithin is exited.
func (s *BaseSpecListener) ExitDWithin(ctx *DWithinContext) {}

// EnterDHolds is called when production dHolds is entered.
func (s *BaseSpecListener) EnterDHolds(ctx *DHoldsContext) {}

// ExitDHolds is called when production dHolds is exited.
func (s *BaseSpecListener) ExitDHolds(ctx *DHoldsContext) {}

// EnterDIf is called when production dIf is entered.
func (s *BaseSpecListener) EnterDIf(ctx *DIfContext) {}

// ExitDIf is called when production dIf is exited.
func (s *BaseSpecListener) ExitDIf(ctx *DIfContext) {}

// EnterDUnknown is called when production dUnknown is entered.
func (s *BaseSpecListener) EnterDUnknown(ctx *DUnknownContext) {}

// ExitDUnknown is called when production dUnknown is exited.
func (s *BaseSpecListener) ExitDUnknown(ctx *DUnknownContext) {}

// EnterUnknownName is called when production unknownName is entered.
func (s *BaseSpecListener) EnterUnknownName(ctx *UnknownNameContext) {}

// ExitUnknownName is called when production unknownName is exited.
func (s *BaseSpecListener) ExitUnknownName(ctx *UnknownNameContext) {}

// EnterBalanced is called when production balanced is entered.
func (s *BaseSpecListener) EnterBalanced(ctx *BalancedContext) {}

// ExitBalanced is called when production balanced is exited.
func (s *BaseSpecListener) ExitBalanced(ctx *BalancedContext) {}

// EnterArgName is called when production argName is entered.
func (s *BaseSpecListener) EnterArgName(ctx *ArgNameContext) {}

// ExitArgName is called when production argName is exited.
func (s *BaseSpecListener) ExitArgName(ctx *ArgNameContext) {}

// EnterArgAny is called when production argAny is entered.
func (s *BaseSpecListener) EnterArgAny(ctx *ArgAnyContext) {}

// ExitArgAny is called when production argAny is exited.
func (s *BaseSpecListener) ExitArgAny(ctx *ArgAnyContext) {}

// EnterArgEllipsis is called when production argEllipsis is entered.
func (s *BaseSpecListener) EnterArgEllipsis(ctx *ArgEllipsisContext) {}

// ExitArgEllipsis is called when production argEllipsis is exited.
func (s *BaseSpecListener) ExitArgEllipsis(ctx *ArgEllipsisContext) {}

// EnterSigPattern is called when production sigPattern is entered.
func (s *BaseSpecListener) EnterSigPattern(ctx *SigPatternContext) {}

// ExitSigPattern is called when production sigPattern is exited.
func (s *BaseSpecListener) ExitSigPattern(ctx *SigPatternContext) {}

// EnterParamEllipsis is called when production paramEllipsis is entered.
func (s *BaseSpecListener) EnterParamEllipsis(ctx *ParamEllipsisContext) {}

// ExitParamEllipsis is called when production paramEllipsis is exited.
func (s *BaseSpecListener) ExitParamEllipsis(ctx *ParamEllipsisContext) {}

// EnterParamType is called when production paramType is entered.
func (s *BaseSpecListener) EnterParamType(ctx *ParamTypeContext) {}

// ExitParamType is called when production paramType is exited.
func (s *BaseSpecListener) ExitParamType(ctx *ParamTypeContext) {}

// EnterFieldPattern is called when production fieldPattern is entered.
func (s *BaseSpecListener) EnterFieldPattern(ctx *FieldPatternContext) {}

// ExitFieldPattern is called when production fieldPattern is exited.
func (s *BaseSpecListener) ExitFieldPattern(ctx *FieldPatternContext) {}

// EnterTypePattern is called when production typePattern is entered.
func (s *BaseSpecListener) EnterTypePattern(ctx *TypePatternContext) {}

// ExitTypePattern is called when production typePattern is exited.
func (s *BaseSpecListener) ExitTypePattern(ctx *TypePatternContext) {}

// EnterNamePattern is called when production namePattern is entered.
func (s *BaseSpecListener) EnterNamePattern(ctx *NamePatternContext) {}

// ExitNamePattern is called when production namePattern is exited.
func (s *BaseSpecListener) ExitNamePattern(ctx *NamePatternContext) {}

// EnterExAnd is called when production exAnd is entered.
func (s *BaseSpecListener) EnterExAnd(ctx *ExAndContext) {}

// ExitExAnd is called when production exAnd is exited.
func (s *BaseSpecListener) ExitExAnd(ctx *ExAndContext) {}

// EnterExNot is called when production exNot is entered.
func (s *BaseSpecListener) EnterExNot(ctx *ExNotContext) {}

// ExitExNot is called when production exNot is exited.
func (s *BaseSpecListener) ExitExNot(ctx *ExNotContext) {}

// EnterExParen is called when production exParen is entered.
func (s *BaseSpecListener) EnterExParen(ctx *ExParenContext) {}

// ExitExParen is called when production exParen is exited.
func (s *BaseSpecListener) ExitExParen(ctx *ExParenContext) {}

// EnterExName is called when production exName is entered.
func (s *BaseSpecListener) EnterExName(ctx *ExNameContext) {}

// ExitExName is called when production exName is exited.
func (s *BaseSpecListener) ExitExName(ctx *ExNameContext) {}

// EnterExLiteral is called when production exLiteral is entered.
func (s *BaseSpecListener) EnterExLiteral(ctx *ExLiteralContext) {}

// ExitExLiteral is called when production exLiteral is exited.
func (s *BaseSpecListener) ExitExLiteral(ctx *ExLiteralContext) {}

// EnterExOr is called when production exOr is entered.
func (s *BaseSpecListener) EnterExOr(ctx *ExOrContext) {}

// ExitExOr is called when production exOr is exited.
func (s *BaseSpecListener) ExitExOr(ctx *ExOrContext) {}

// EnterExMethod is called when production exMethod is entered.
func (s *BaseSpecListener) EnterExMethod(ctx *ExMethodContext) {}

// ExitExMethod is called when production exMethod is exited.
func (s *BaseSpecListener) ExitExMethod(ctx *ExMethodContext) {}

// EnterExCompare is called when production exCompare is entered.
func (s *BaseSpecListener) EnterExCompare(ctx *ExCompareContext) {}

// ExitExCompare is called when production exCompare is exited.
func (s *BaseSpecListener) ExitExCompare(ctx *ExCompareContext) {}

// EnterLiteral is called when production literal is entered.
func (s *BaseSpecListener) EnterLiteral(ctx *LiteralContext) {}

// ExitLiteral is called when production literal is exited.
func (s *BaseSpecListener) ExitLiteral(ctx *LiteralContext) {}

// EnterRegex is called when production regex is entered.
func (s *BaseSpecListener) EnterRegex(ctx *RegexContext) {}

// ExitRegex is called when production regex is exited.
func (s *BaseSpecListener) ExitRegex(ctx *RegexContext) {}

// EnterRxAnd is called when production rxAnd is entered.
func (s *BaseSpecListener) EnterRxAnd(ctx *RxAndContext) {}

// ExitRxAnd is called when production rxAnd is exited.
func (s *BaseSpecListener) ExitRxAnd(ctx *RxAndContext) {}

// EnterRxSeq is called when production rxSeq is entered.
func (s *BaseSpecListener) EnterRxSeq(ctx *RxSeqContext) {}

// ExitRxSeq is called when production rxSeq is exited.
func (s *BaseSpecListener) ExitRxSeq(ctx *RxSeqContext) {}

// EnterRxPar is called when production rxPar is entered.
func (s *BaseSpecListener) EnterRxPar(ctx *RxParContext) {}

// ExitRxPar is called when production rxPar is exited.
func (s *BaseSpecListener) ExitRxPar(ctx *RxParContext) {}

// EnterRxNot is called when production rxNot is entered.
func (s *BaseSpecListener) EnterRxNot(ctx *RxNotContext) {}

// ExitRxNot is called when production rxNot is exited.
func (s *BaseSpecListener) ExitRxNot(ctx *RxNotContext) {}

// EnterRxQuantified is called when production rxQuantified is entered.
func (s *BaseSpecListener) EnterRxQuantified(ctx *RxQuantifiedContext) {}

// ExitRxQuantified is called when production rxQuantified is exited.
func (s *BaseSpecListener) ExitRxQuantified(ctx *RxQuantifiedContext) {}

// EnterRxEvent is called when production rxEvent is entered.
func (s *BaseSpecListener) EnterRxEvent(ctx *RxEventContext) {}

// ExitRxEvent is called when production rxEvent is exited.
func (s *BaseSpecListener) ExitRxEvent(ctx *RxEventContext) {}

// EnterRxStarred is called when production rxStarred is entered.
func (s *BaseSpecListener) EnterRxStarred(ctx *RxStarredContext) {}

// ExitRxStarred is called when production rxStarred is exited.
func (s *BaseSpecListener) ExitRxStarred(ctx *RxStarredContext) {}

// EnterRxGroup is called when production rxGroup is entered.
func (s *BaseSpecListener) EnterRxGroup(ctx *RxGroupContext) {}

// ExitRxGroup is called when production rxGroup is exited.
func (s *BaseSpecListener) ExitRxGroup(ctx *RxGroupContext) {}

// EnterQuantifier is called when production quantifier is entered.
func (s *BaseSpecListener) EnterQuantifier(ctx *QuantifierContext) {}

// ExitQuantifier is called when production quantifier is exited.
func (s *BaseSpecListener) ExitQuantifier(ctx *QuantifierContext) {}

// EnterRxAttrs is called when production rxAttrs is entered.
func (s *BaseSpecListener) EnterRxAttrs(ctx *RxAttrsContext) {}

// ExitRxAttrs is called when production rxAttrs is exited.
func (s *BaseSpecListener) ExitRxAttrs(ctx *RxAttrsContext) {}

// EnterRxMark is called when production rxMark is entered.
func (s *BaseSpecListener) EnterRxMark(ctx *RxMarkContext) {}

// ExitRxMark is called when production rxMark is exited.
func (s *BaseSpecListener) ExitRxMark(ctx *RxMarkContext) {}

// EnterIdent is called when production ident is entered.
func (s *BaseSpecListener) EnterIdent(ctx *IdentContext) {}

// ExitIdent is called when production ident is exited.
func (s *BaseSpecListener) ExitIdent(ctx *IdentContext) {}
